import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import { fees, schools, users } from '../src/db/schema.js';
import { demoEmail, FIRST_SCHOOL, useTestApp } from './helper.js';

// A built web app in miniature: index.html, a hashed asset big enough to compress, a plain file.
const webDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-web-'));
const INDEX = `<!doctype html><title>SchoolLedger</title>${'<meta name="x" content="padding">'.repeat(40)}<script type="module" src="/assets/index-Ab12.js"></script>`;
const ASSET = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => ({ n, label: `row ${n}` })))};`;
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(path.join(webDir, 'index.html'), INDEX);
writeFileSync(path.join(webDir, 'assets', 'index-Ab12.js'), ASSET);
const THEME_INIT = 'document.documentElement.dataset.theme = "light";';
writeFileSync(path.join(webDir, 'theme-init.js'), THEME_INIT);
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('serving the app', () => {
  const t = useTestApp({ webDir });

  /** The same app and database under another configuration. */
  async function appWith(config: Partial<AppConfig>) {
    const app = await buildApp({
      ctx: { ...t.ctx, config: { ...t.ctx.config, ...config } },
      database: t.database,
      webDir,
    });
    await app.ready();
    return app;
  }

  describe('HTTPS-only headers', () => {
    it('sends neither upgrade-insecure-requests nor HSTS when the app is served over plain HTTP', async () => {
      expect(t.ctx.config.appUrl).toMatch(/^http:\/\//);
      for (const url of ['/', '/login', '/assets/index-Ab12.js', '/api/v1/health']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { host: '192.168.1.20:3000' } });
        expect(response.statusCode, url).toBe(200);
        const csp = String(response.headers['content-security-policy']);
        expect(csp, url).toContain("default-src 'self'");
        expect(csp, url).not.toContain('upgrade-insecure-requests');
        expect(response.headers['strict-transport-security'], url).toBeUndefined();
      }
    });

    it('sends both when APP_URL is https', async () => {
      const app = await appWith({ appUrl: 'https://fees.crestview.edu.ng' });
      try {
        for (const url of ['/', '/api/v1/health']) {
          const response = await app.inject({ method: 'GET', url });
          expect(String(response.headers['content-security-policy']), url).toContain('upgrade-insecure-requests');
          expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        }
      } finally {
        await app.close();
      }
    });

    it('sends both when a trusted proxy says the request came over https, and only then', async () => {
      const trusted = await appWith({ trustProxy: true });
      const untrusted = await appWith({ trustProxy: false });
      try {
        const overHttps = { 'x-forwarded-proto': 'https' };
        const viaProxy = await trusted.inject({ method: 'GET', url: '/', headers: overHttps });
        expect(String(viaProxy.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
        expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

        const plainViaProxy = await trusted.inject({
          method: 'GET',
          url: '/',
          headers: { 'x-forwarded-proto': 'http' },
        });
        expect(String(plainViaProxy.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
        expect(plainViaProxy.headers['strict-transport-security']).toBeUndefined();

        const spoofed = await untrusted.inject({ method: 'GET', url: '/', headers: overHttps });
        expect(String(spoofed.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
        expect(spoofed.headers['strict-transport-security']).toBeUndefined();
      } finally {
        await trusted.close();
        await untrusted.close();
      }
    });
  });

  describe('caching', () => {
    it('lets browsers keep hashed assets for good', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.body).toBe(ASSET);
    });

    it('has index.html, the SPA fallback and unhashed files checked on every load', async () => {
      const expected: [string, string][] = [
        ['/', INDEX],
        ['/index.html', INDEX],
        ['/fees', INDEX],
        ['/student/fees?payment=abc', INDEX],
        ['/theme-init.js', THEME_INIT],
      ];
      for (const [url, body] of expected) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(response.body, url).toBe(body);
      }
    });

    it('answers 404 for an asset that is not there, not index.html; the same for unknown API paths', async () => {
      for (const url of ['/assets/index-Old9.js', '/api/v1/no-such-thing', '/uploads/missing.png']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('<!doctype html>');
        expect(response.json(), url).toMatchObject({ success: false, data: null });
      }
    });
  });

  describe('compression', () => {
    it('compresses assets with brotli, or gzip for clients without it', async () => {
      const br = await t.app.inject({
        method: 'GET',
        url: '/assets/index-Ab12.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe(IMMUTABLE);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.rawPayload.length).toBeLessThan(ASSET.length / 3);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

      const gzip = await t.app.inject({
        method: 'GET',
        url: '/assets/index-Ab12.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);

      const plain = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
    });

    it('compresses index.html, also when it answers a deep link', async () => {
      expect(INDEX.length).toBeGreaterThan(1024);
      for (const url of ['/', '/fees?term=1']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], url).toBe('br');
        expect(response.headers['cache-control'], url).toBe('no-cache');
        expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX);
      }
    });

    it('compresses large API answers and leaves small ones alone', async () => {
      const headers = { ...(await t.as('principal')), 'accept-encoding': 'br, gzip' };
      const list = await t.app.inject({ method: 'GET', url: '/api/v1/students?limit=100', headers });
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-encoding']).toBe('br');
      const body = JSON.parse(brotliDecompressSync(list.rawPayload).toString());
      expect(body.success).toBe(true);
      expect(JSON.stringify(body).length).toBeGreaterThan(1024);

      const health = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers });
      expect(health.statusCode).toBe(200);
      expect(health.rawPayload.length).toBeLessThan(1024);
      expect(health.headers['content-encoding']).toBeUndefined();
      expect(health.json().success).toBe(true);
    });

    it('leaves PDF receipts and xlsx exports as they are', async () => {
      const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
      const [student] = await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, demoEmail('student')));
      const [fee] = await t.ctx.db
        .select()
        .from(fees)
        .where(and(eq(fees.schoolId, school!.id), eq(fees.name, 'Examination fee')));
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/pay-with-cash',
        headers: { ...(await t.as('bursar')), 'idempotency-key': randomUUID() },
        payload: { user_id: student!.id, fee_id: fee!.id },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const accept = { 'accept-encoding': 'br, gzip' };

      const pdf = await t.app.inject({
        method: 'GET',
        url: `/api/v1/payment/${paid.json().data.payment._id}/receipt`,
        headers: { ...(await t.as('bursar')), ...accept },
      });
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-encoding']).toBeUndefined();
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const xlsx = await t.app.inject({
        method: 'GET',
        url: '/api/v1/students/export?format=xlsx',
        headers: { ...(await t.as('principal')), ...accept },
      });
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
      expect(xlsx.headers['content-encoding']).toBeUndefined();
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    });
  });
});
