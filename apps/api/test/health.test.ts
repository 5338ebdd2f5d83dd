import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper.js';

describe('health and documentation', () => {
  const t = useTestApp();

  it('reports the database as connected', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { status: 'ok', database: { status: 'connected' } } });
  });

  it('serves an OpenAPI document that lists the academic endpoints', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/school/all', '/api/v1/classarm/{id}/student-count']),
    );
  });

  it('serves the browsable reference', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('/api/openapi.json');
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Resource not found', data: null, code: 'NOT_FOUND' });
  });
});

describe('rate limits', () => {
  const webDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>SchoolLedger</title>');
  writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' }, webDir });

  it('answers 429 with the envelope once an address exceeds its API budget', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    }
    const limited = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, data: null });
  });

  it('never limits the web app, so a busy page still loads', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/schools' })).body).toContain('<title>SchoolLedger</title>');
    }
  });

  it('counts a signed-in caller by their token, not by the shared address', async () => {
    const { authorization } = await t.as('principal');
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/user/profile', headers: { authorization } });
    expect(response.statusCode).toBe(200);
  });
});
