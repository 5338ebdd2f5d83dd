import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { useTestApp } from './helper.js';

// The web app's public folder as the build copies it, beside a stand-in for the built index.html.
const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../web/public');
const webDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-first-screen-'));
cpSync(PUBLIC_DIR, webDir, { recursive: true });
const INDEX = '<!doctype html><title>SchoolLedger</title><div id="root"></div>';
writeFileSync(path.join(webDir, 'index.html'), INDEX);
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

describe("a newcomer's first screen", () => {
  const t = useTestApp({ webDir });

  describe('the server log', () => {
    it('has one line per request, with its method, path, status and time', async () => {
      const lines: Record<string, unknown>[] = [];
      const sink = new Writable({
        write(chunk, _encoding, callback) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          callback();
        },
      });
      const app = await buildApp({
        ctx: t.ctx,
        database: t.database,
        webDir,
        logger: pino({ level: 'info' }, sink),
      });
      try {
        await app.ready();
        const asked = [
          { method: 'GET', url: '/api/v1/health', status: 200 },
          { method: 'GET', url: '/api/v1/no-such-route?search=ada@example.com', status: 404 },
          { method: 'POST', url: '/api/v1/auth/login', status: 401 },
          { method: 'GET', url: '/robots.txt', status: 200 },
          { method: 'GET', url: '/fees/no-such-page', status: 200 },
        ] as const;
        for (const request of asked) {
          const response = await app.inject({
            method: request.method,
            url: request.url,
            ...(request.method === 'POST' && {
              payload: { email: 'nobody@example.com', password: 'not-the-password' },
            }),
          });
          expect(response.statusCode, request.url).toBe(request.status);
        }
        const perRequest = lines.filter((line) => line.reqId !== undefined);
        expect(perRequest.map(({ msg, method, route, statusCode }) => ({ msg, method, route, statusCode }))).toEqual(
          asked.map((request) => ({
            msg: 'request completed',
            method: request.method,
            route: request.url.split('?')[0],
            statusCode: request.status,
          })),
        );
        expect(new Set(perRequest.map((line) => line.reqId)).size).toBe(asked.length);
        for (const line of perRequest) expect(line.responseTime, String(line.route)).toEqual(expect.any(Number));
        // The query of a search is not written down.
        expect(JSON.stringify(lines)).not.toContain('ada@example.com');
      } finally {
        await app.close();
      }
    });
  });

  describe('addresses that are not a page of the app', () => {
    it('answers /robots.txt with a robots file that keeps search engines out', async () => {
      const response = await t.app.inject({ url: '/robots.txt' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toBe(readFileSync(path.join(PUBLIC_DIR, 'robots.txt'), 'utf8'));
      const rules = response.body.split('\n').filter((line) => line && !line.startsWith('#'));
      expect(rules).toEqual(['User-agent: *', 'Disallow: /']);
    });

    it('gives an unknown page path to the web app, which says the page is not found', async () => {
      const response = await t.app.inject({ url: '/fees/no-such-page' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toBe(INDEX);
    });

    it('answers an unknown API path with our JSON 404 envelope, never the web app', async () => {
      for (const url of ['/api/v1/no-such-route', '/api/no-such-route', '/API/v1/no-such-route']) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({
          success: false,
          message: expect.any(String),
          data: null,
          code: 'NOT_FOUND',
        });
      }
    });
  });
});
