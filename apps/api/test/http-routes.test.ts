import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools } from '../src/db/schema.js';
import { FIRST_SCHOOL, useTestApp } from './helper.js';

const webDir = mkdtempSync(path.join(tmpdir(), 'schoolledger-web-'));
mkdirSync(path.join(webDir, 'assets'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>SchoolLedger</title><div id="root"></div>');
writeFileSync(path.join(webDir, 'assets', 'index-Bq3XyZ.js'), 'console.log("app");');

describe('the API as integrators written against SPEC §7 call it', () => {
  const t = useTestApp({ webDir });
  let schoolId = '';

  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    schoolId = school!.id;
  });

  const get = async (url: string, who = 'admin') =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: await t.as(who) });

  it.each([
    ['/Session/all', '/session/all'],
    ['/Term/all', '/term/all'],
    ['/ClassArm/all', '/classarm/all'],
    ['/groupSchool/all', '/groupschool/all'],
    ['/SCHOOL/ALL', '/school/all'],
  ])('%s answers as %s: route matching ignores case', async (spelled, canonical) => {
    const response = await get(spelled);
    expect(response.statusCode, response.body).toBe(200);
    const expected = await get(canonical);
    expect(expected.statusCode).toBe(200);
    expect(response.json().data.length).toBeGreaterThan(0);
    expect(response.json()).toEqual(expected.json());
  });

  it('matches a route whatever the case of its literal segments', async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.id, schoolId));
    const response = await get(`/SCHOOL/${schoolId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.name).toBe(school!.name);
  });

  it.each([
    ['/fee/all/stats', '/fee/stats'],
    ['/payment/all/stats', '/payment/stats'],
  ])('%s is %s', async (alias, route) => {
    const response = await get(alias);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual((await get(route)).json());
    expect(Object.keys(response.json().data).length).toBeGreaterThan(0);
  });

  it('/payment/available-methods/{school_id} lists the methods of /payment/available-methods?school_id=', async () => {
    const response = await get(`/payment/available-methods/${schoolId}`, 'student');
    expect(response.statusCode, response.body).toBe(200);
    const methods = response.json().data as { method: string }[];
    expect(methods.length).toBeGreaterThan(0);
    expect(methods).toEqual(
      (await get(`/payment/available-methods?school_id=${schoolId}`, 'student')).json().data.methods,
    );
    expect((await get('/payment/available-methods/not-a-uuid', 'student')).statusCode).toBe(422);
  });

  describe('the web app and its files are still served', () => {
    it('serves the page for screen addresses, in any case', async () => {
      for (const url of ['/', '/login', '/Student/Fees']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toContain('text/html');
        expect(response.body, url).toContain('<div id="root">');
      }
    });

    it('serves hashed assets by their exact name', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/assets/index-Bq3XyZ.js' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('console.log("app");');
    });

    it('answers unknown API and upload addresses with our 404, whatever their case', async () => {
      for (const url of ['/api/v1/nothing-here', '/API/v1/nothing-here', '/Uploads/avatars/missing.png']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json(), url).toEqual({
          success: false,
          message: 'Resource not found',
          data: null,
          code: 'NOT_FOUND',
        });
      }
    });
  });
});
