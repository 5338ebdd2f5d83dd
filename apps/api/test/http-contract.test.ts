import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { isErrorCode } from '@schoolledger/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { classArms, schools } from '../src/db/schema.js';
import { FIRST_SCHOOL, multipart, tinyPng, useTestApp } from './helper.js';

const ENVELOPE_KEYS = ['code', 'data', 'message', 'success'];

/** Our error envelope, whatever produced the error. */
function expectEnvelope(body: string) {
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(json.success).toBe(false);
  expect(typeof json.message).toBe('string');
  expect((json.message as string).length).toBeGreaterThan(0);
  expect(json.data).toBeNull();
  expect(isErrorCode(json.code), `code ${String(json.code)}`).toBe(true);
  expect(
    Object.keys(json)
      .filter((key) => key !== 'errors')
      .sort(),
  ).toEqual(ENVELOPE_KEYS);
  return json as {
    success: false;
    message: string;
    data: null;
    code: string;
    errors?: { field: string; message: string }[];
  };
}

/** Sends raw bytes to the listening app and returns what comes back before the socket closes. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.end(request);
  });
}

describe('no input makes the server answer 500; every error is our envelope', () => {
  const t = useTestApp();
  let schoolId = '';

  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    schoolId = school!.id;
  });

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: await t.as('admin'), ...(payload ? { payload } : {}) });

  describe('text with a NUL character is a 422 naming the field, in any part of the request', () => {
    it('in a body field', async () => {
      const response = await call('POST', '/session/create', {
        school_id: schoolId,
        name: '2031/2032\u0000',
        startDate: '2031-09-01',
        endDate: '2032-07-31',
      });
      expect(response.statusCode, response.body).toBe(422);
      const body = expectEnvelope(response.body);
      expect(body.message).toBe('name must not contain a NUL character');
      expect(body.errors).toEqual([{ field: 'name', message: 'name must not contain a NUL character' }]);
    });

    it("in a cash payment's notes and a fee name", async () => {
      const cash = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/pay-with-cash',
        headers: { ...(await t.as('bursar')), 'idempotency-key': randomUUID() },
        payload: { user_id: randomUUID(), fee_id: randomUUID(), amount: '100', notes: 'paid at \u0000 desk' },
      });
      expect(cash.statusCode, cash.body).toBe(422);
      expect(expectEnvelope(cash.body).errors?.[0]?.field).toBe('notes');

      const fee = await call('POST', '/fee/create', { school_id: schoolId, name: 'Fee\u0000', amount: '100' });
      expect(fee.statusCode, fee.body).toBe(422);
      expect(expectEnvelope(fee.body).errors?.[0]?.field).toBe('name');
    });

    it('nested in the body, in the query string and in a path parameter', async () => {
      const nested = await call('POST', '/students', { guardian: { name: 'Mrs\u0000 Obi' } });
      expect(nested.statusCode, nested.body).toBe(422);
      expect(expectEnvelope(nested.body).errors?.[0]?.field).toBe('guardian.name');

      const query = await call('GET', '/students?search=ada%00eze');
      expect(query.statusCode, query.body).toBe(422);
      expect(expectEnvelope(query.body).errors?.[0]?.field).toBe('search');

      const param = await call('GET', '/payment/abc%00def/status');
      expect(param.statusCode, param.body).toBe(422);
      expect(expectEnvelope(param.body).errors?.[0]?.field).toBe('reference');
    });
  });

  describe('a broken multipart body is a 400', () => {
    const uploads: [who: string, url: string, fileField: string][] = [
      ['student', '/user/profile/upload-picture', 'file'],
      ['admin', '/students/import', 'file'],
      ['admin', '/groupschool/create', 'logo'],
    ];

    it.each(uploads)('%s at %s: no boundary', async (who, url) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { ...(await t.as(who)), 'content-type': 'multipart/form-data' },
        payload: 'not a form',
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(expectEnvelope(response.body).message).toBe('The upload could not be read. Please choose the file again.');
    });

    it.each(uploads)('%s at %s: cut off half-way', async (who, url, fileField) => {
      const form = await multipart({ name: 'Cut off' }, [
        { field: fileField, filename: 'a.png', contentType: 'image/png', content: tinyPng(64) },
      ]);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: { ...(await t.as(who)), ...form.headers },
        payload: form.payload.subarray(0, Math.floor(form.payload.length / 2)),
      });
      expect(response.statusCode, response.body).toBe(400);
      expectEnvelope(response.body);
    });
  });

  describe('a school that does not exist is a 404, never a database error', () => {
    it('creating an address, a class arm or a session in it', async () => {
      const missing = randomUUID();
      const address = await call('POST', '/address/create', {
        school_id: missing,
        street: 'Allen Avenue',
        street_no: '12',
        town: 'Ikeja',
        state: 'Lagos',
        country: 'Nigeria',
        zip_code: '100271',
      });
      expect(address.statusCode, address.body).toBe(404);
      expect(expectEnvelope(address.body).message).toBe('School not found');

      const arm = await call('POST', '/classarm/create', { school_id: missing, name: 'JSS 9Z', capacity: 30 });
      expect(arm.statusCode, arm.body).toBe(404);
      expect(expectEnvelope(arm.body).message).toBe('School not found');
      expect(await t.ctx.db.select().from(classArms).where(eq(classArms.name, 'JSS 9Z'))).toEqual([]);

      const session = await call('POST', '/session/create', {
        school_id: missing,
        name: '2040/2041',
        startDate: '2040-09-01',
        endDate: '2041-07-31',
      });
      expect(session.statusCode, session.body).toBe(404);
      expect(expectEnvelope(session.body).message).toBe('School not found');
    });
  });

  describe("Fastify's own refusals carry the envelope", () => {
    it('a path parameter over the length limit is a 414', async () => {
      const response = await call('GET', `/fee/${'a'.repeat(500)}`);
      expect(response.statusCode).toBe(414);
      expect(expectEnvelope(response.body).message).toBe('The requested address is too long');
    });

    it('a path that is not valid percent-encoded UTF-8 is a 400', async () => {
      const response = await call('GET', '/fee/%ff%fe');
      expect(response.statusCode).toBe(400);
      expect(expectEnvelope(response.body).message).toBe('Bad request');
    });

    it('headers too large (431) and a request Node cannot parse (400), on a real socket', async () => {
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const port = Number(new URL(address).port);

      const huge = await rawRequest(
        port,
        `GET /api/v1/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
      );
      expect(huge.startsWith('HTTP/1.1 431 ')).toBe(true);
      expect(expectEnvelope(huge.slice(huge.indexOf('\r\n\r\n') + 4)).message).toBe(
        'The request headers are too large',
      );

      const garbage = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n');
      expect(garbage.startsWith('HTTP/1.1 400 ')).toBe(true);
      expect(expectEnvelope(garbage.slice(garbage.indexOf('\r\n\r\n') + 4)).message).toBe('Bad request');
    });

    it('a body that is not JSON, or too large, keeps the envelope', async () => {
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/v1/fee/create',
        headers: { ...(await t.as('admin')), 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(broken.statusCode).toBe(400);
      expectEnvelope(broken.body);

      const large = await t.app.inject({
        method: 'POST',
        url: '/api/v1/fee/create',
        headers: { ...(await t.as('admin')), 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(2_000_000) }),
      });
      expect(large.statusCode).toBe(413);
      expectEnvelope(large.body);
    });
  });
});
