import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { classArms, fees, schools, users } from '../src/db/schema.js';
import { seedDemoIfEmpty } from '../src/seed/demo.js';

// Always the embedded database: this is what `npm start` does on an empty DATA_DIR.
const dataDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-first-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('first start on an empty DATA_DIR', () => {
  it('makes the database from the saved template, loads the demo with progress, and reopens it as it was', async () => {
    // The first new database of a checkout saves the template (npm install's postinstall does this).
    const prepared = await openDatabase({});
    await prepared.close();

    const created: string[] = [];
    const database = await openDatabase({ dataDir, onCreate: (message) => created.push(message) });
    expect(created).toEqual(['Creating the database from the saved template…']);
    const [empty] = await database.db.select({ n: count() }).from(users);
    expect(empty!.n).toBe(0);

    const progress: string[] = [];
    const seeded = await seedDemoIfEmpty(database.db, new Date('2026-11-23T09:00:00Z'), {
      onProgress: (message) => progress.push(message),
    });
    expect(seeded?.schoolCount).toBe(2);
    expect(progress).toEqual([
      'Loading the demo data: schools, sessions, terms and class arms…',
      'Loading the demo data: people 1–425 of 425…',
      'Loading the demo data: fees and payment settings…',
    ]);
    const counts = async () => ({
      users: (await database.db.select({ n: count() }).from(users))[0]!.n,
      schools: (await database.db.select({ n: count() }).from(schools))[0]!.n,
      classArms: (await database.db.select({ n: count() }).from(classArms))[0]!.n,
      fees: (await database.db.select({ n: count() }).from(fees))[0]!.n,
    });
    const loaded = await counts();
    expect(loaded).toEqual({ users: 425, schools: 2, classArms: 24, fees: 12 });
    await database.close();

    const restarted: string[] = [];
    const again = await openDatabase({ dataDir, onCreate: (message) => restarted.push(message) });
    try {
      expect(restarted).toEqual([]);
      const [users2] = await again.db.select({ n: count() }).from(users);
      expect(users2!.n).toBe(425);
      expect(await seedDemoIfEmpty(again.db)).toBeNull();
    } finally {
      await again.close();
    }
  }, 180_000);
});
