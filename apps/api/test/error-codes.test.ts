import { randomUUID } from 'node:crypto';
import { ERROR_CODES, isErrorCode, MSG, todayIn } from '@schoolledger/domain';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { schools, users } from '../src/db/schema.js';
import { defaultTermOf } from '../src/modules/fees/fees.queries.js';
import { bearer, demoEmail, FIRST_SCHOOL, insertUser, login, useTestApp } from './helper.js';

const AUTH_LIMIT = 20;

describe('every error names its failure with a stable code from the domain list', () => {
  const t = useTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT) } });
  const ids = { school: '', term: '', student: '' };
  /** Every error answer this file saw, to check that none went out without a known code. */
  const seen: { what: string; response: LightMyRequestResponse }[] = [];

  const call = async (
    what: string,
    request: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; who?: string; payload?: object },
    headers: Record<string, string> = {},
  ) => {
    const auth = request.who ? await t.as(request.who) : {};
    const response = await t.app.inject({
      method: request.method,
      url: `/api/v1${request.url}`,
      headers: { ...auth, ...headers },
      ...(request.payload ? { payload: request.payload } : {}),
    });
    if (response.statusCode >= 400) seen.push({ what, response });
    return response;
  };

  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    ids.school = school!.id;
    ids.term = (await defaultTermOf(t.ctx.db, ids.school, todayIn('Africa/Lagos', new Date())))!;
    const [student] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('student')));
    ids.student = student!.id;
  });

  async function approvedFee(amount: string) {
    const response = await call('create fee', {
      method: 'POST',
      url: '/fee/create',
      who: 'admin',
      payload: {
        term_id: ids.term,
        school_id: ids.school,
        name: `Fee ${randomUUID().slice(0, 8)}`,
        description: 'Test',
        type: 'miscellaneous',
        amount,
        isApproved: true,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }

  it('a fee that does not exist is FEE_NOT_FOUND with the SPEC text', async () => {
    const response = await call('fee not found', { method: 'GET', url: `/fee/${randomUUID()}`, who: 'admin' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'Fee not found', data: null, code: 'FEE_NOT_FOUND' });
  });

  it('cash above what is outstanding is AMOUNT_ABOVE_OUTSTANDING with the field error', async () => {
    const feeId = await approvedFee('1000');
    const response = await call(
      'cash above outstanding',
      {
        method: 'POST',
        url: '/payment/pay-with-cash',
        who: 'bursar',
        payload: { user_id: ids.student, fee_id: feeId, amount: '1500' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(body.code).toBe(ERROR_CODES.amountAboveOutstanding);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0].field).toBe('amount');
    expect(body.message).toBe(body.errors[0].message);
  });

  it('paying a fee twice in full is FEE_ALREADY_PAID', async () => {
    const feeId = await approvedFee('300');
    const pay = () =>
      call(
        'cash on a paid fee',
        {
          method: 'POST',
          url: '/payment/pay-with-cash',
          who: 'bursar',
          payload: { user_id: ids.student, fee_id: feeId },
        },
        { 'idempotency-key': randomUUID() },
      );
    expect((await pay()).statusCode).toBe(200);
    const again = await pay();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      message: 'This fee is already paid',
      data: null,
      code: 'FEE_ALREADY_PAID',
    });
  });

  it('a body the schema refuses is VALIDATION_FAILED with its field errors', async () => {
    const response = await call('validation', { method: 'POST', url: '/session/create', who: 'admin', payload: {} });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.length).toBeGreaterThan(0);
    expect(body.message).toBe(body.errors[0].message);
  });

  it('no token is UNAUTHENTICATED; a role without the permission is FORBIDDEN', async () => {
    const anonymous = await call('unauthenticated', { method: 'GET', url: '/fee/all' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      success: false,
      message: MSG.sessionExpired,
      data: null,
      code: 'UNAUTHENTICATED',
    });
    const student = await call('forbidden', { method: 'GET', url: '/user/all', who: 'student' });
    expect(student.statusCode).toBe(403);
    expect(student.json()).toMatchObject({ success: false, data: null, code: 'FORBIDDEN' });
  });

  it('a wrong password is INVALID_CREDENTIALS', async () => {
    const response = await login(t, demoEmail('admin'), 'not-the-password');
    seen.push({ what: 'invalid credentials', response });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
  });

  it('an account that must change its password first is PASSWORD_CHANGE_REQUIRED', async () => {
    const email = `temp-${randomUUID().slice(0, 8)}@example.test`;
    const { id } = await insertUser(t, { email, roles: ['Bursar'] });
    await t.ctx.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, id));
    const signedIn = await login(t, email);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/fee/all',
      headers: bearer(signedIn.json().data.token),
    });
    seen.push({ what: 'password change required', response });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      success: false,
      message: MSG.passwordChangeRequired,
      data: null,
      code: 'PASSWORD_CHANGE_REQUIRED',
    });
  });

  it('errors Fastify raises itself carry the code of their status', async () => {
    const unknown = await call('unknown route', { method: 'GET', url: '/no-such-route' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/create',
      headers: { ...(await t.as('admin')), 'content-type': 'application/json' },
      payload: '{"name":',
    });
    seen.push({ what: 'malformed json', response: badJson });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().code).toBe('BAD_REQUEST');
  });

  it('too many sign-in attempts from one address is RATE_LIMITED', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '10.20.30.40',
        payload: { email: `nobody-${randomUUID().slice(0, 8)}@example.test`, password: 'whatever-it-is' },
      });
    for (let i = 0; i < AUTH_LIMIT; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    seen.push({ what: 'rate limited', response: limited });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, data: null, code: 'RATE_LIMITED' });
  });

  it('every error answer above carried a code from the domain list', () => {
    expect(seen.length).toBeGreaterThanOrEqual(10);
    const without = seen
      .filter(({ response }) => !isErrorCode(response.json().code))
      .map(({ what, response }) => `${what}: ${response.body}`);
    expect(without).toEqual([]);
  });
});
