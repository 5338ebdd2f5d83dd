import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const SERVER = 'postgres://postgres@127.0.0.1:5432/schoolledger';

describe('WORKERS', () => {
  it('is one process on the embedded database and one per core on PostgreSQL, unless set', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: SERVER }).workers).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: SERVER, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ WORKERS: '1' }).workers).toBe(1);
  });

  it('refuses more than one process on the embedded database, and anything but a count', () => {
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      /WORKERS: 2 API processes need PostgreSQL \(DATABASE_URL\); the embedded database runs in one process/,
    );
    expect(() => loadConfig({ DATABASE_URL: SERVER, WORKERS: '0' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ DATABASE_URL: SERVER, WORKERS: 'all' })).toThrow(/WORKERS/);
  });
});
