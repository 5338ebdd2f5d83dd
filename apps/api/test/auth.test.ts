import { createHash } from 'node:crypto';
import { MSG } from '@schoolledger/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  auditLogs,
  emailOutbox,
  loginAttempts,
  passwordResetTokens,
  refreshTokens,
  schools,
  users,
} from '../src/db/schema.js';
import {
  bearer,
  DEMO_PASSWORD,
  demoEmail,
  FIRST_SCHOOL,
  insertUser,
  login,
  type TestApp,
  useTestApp,
} from './helper.js';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function profile(t: TestApp, token: string) {
  return t.app.inject({ method: 'GET', url: '/api/v1/user/profile', headers: bearer(token) });
}

async function refresh(t: TestApp, refreshToken: string) {
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });
}

async function signIn(t: TestApp, email: string, password = DEMO_PASSWORD) {
  const response = await login(t, email, password);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { token: string; refreshToken: string; user: { _id: string } };
}

async function attemptsOf(t: TestApp, email: string) {
  return t.ctx.db.select().from(loginAttempts).where(eq(loginAttempts.email, email)).orderBy(loginAttempts.createdAt);
}

describe('signing in', () => {
  const t = useTestApp();

  it('returns the user with their roles and school, an access token and a refresh token', async () => {
    const response = await login(t, demoEmail('principal'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      message: MSG.loggedIn,
      data: {
        user: {
          email: demoEmail('principal'),
          firstname: 'Ibrahim',
          lastname: 'Musa',
          roles: ['Principal'],
          status: 'active',
          isActive: true,
          school: { name: FIRST_SCHOOL },
        },
        token: expect.any(String),
        refreshToken: expect.any(String),
      },
    });
    expect(body.data.token).not.toBe(body.data.refreshToken);
    expect(body.data.user.lastLogin).not.toBeNull();
  });

  it('never puts a password hash in the body', async () => {
    const response = await login(t, demoEmail('admin'));
    expect(response.statusCode).toBe(200);
    const [admin] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('admin')));
    expect(response.body).not.toContain(admin!.passwordHash);
    expect(response.body).not.toContain('$argon2');
    expect(response.body).not.toMatch(/passwordHash|password_hash|"password"/i);
    expect(response.json().data.user.school).toBeNull();
  });

  it('issues short-lived access tokens (15 minutes by default)', async () => {
    const { token } = await signIn(t, demoEmail('ict'));
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims.exp - claims.iat).toBe(900);
  });

  it('answers a wrong password with 401 "Invalid email or password" and records the attempt', async () => {
    const response = await login(t, demoEmail('auditor'), 'not-the-password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      message: 'Invalid email or password',
      data: null,
      code: 'INVALID_CREDENTIALS',
    });
    const attempts = await attemptsOf(t, demoEmail('auditor'));
    expect(attempts.at(-1)).toMatchObject({ success: false, reason: 'bad_password' });
    expect(attempts.at(-1)!.userId).not.toBeNull();
  });

  it('answers an unknown email exactly like a wrong password, and records that attempt too', async () => {
    const wrongPassword = await login(t, demoEmail('auditor'), 'not-the-password');
    const unknown = await login(t, 'nobody@example.com', 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrongPassword.json());
    const attempts = await attemptsOf(t, 'nobody@example.com');
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ success: false, userId: null, reason: 'unknown_email' });
  });

  it('signs in the account that holds an email now, never a deleted one that held it before', async () => {
    const gone = await insertUser(t, { email: 'reused@example.ng', password: 'the-old-password' });
    await t.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const deletedOnly = await login(t, 'Reused@example.ng', 'the-old-password');
    expect(deletedOnly.statusCode).toBe(401);
    expect(deletedOnly.json().message).toBe(MSG.invalidCredentials);
    expect((await attemptsOf(t, 'reused@example.ng'))[0]).toMatchObject({ userId: null, reason: 'unknown_email' });

    const now = await insertUser(t, { email: 'reused@example.ng', password: 'the-new-password' });
    const signedIn = await signIn(t, 'reused@example.ng', 'the-new-password');
    expect(signedIn.user._id).toBe(now.id);
  });

  it('answers a malformed email with a 422 that names the email field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'not-an-email', password: DEMO_PASSWORD },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      success: false,
      message: MSG.invalidEmail,
      data: null,
      errors: [{ field: 'email', message: 'Please enter a valid email address' }],
    });
  });

  it('answers a short password with a 422 that names the password field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: demoEmail('principal'), password: 'short' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ field: 'password', message: 'Password must be at least 8 characters' }]);
  });

  it('answers malformed JSON with a 400 envelope, never a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "principal@',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: null });
    const wrongTypes = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 42, password: ['x'] },
    });
    expect(wrongTypes.statusCode).toBe(422);
  });

  it('answers a missing body with 422, never a 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {} });
    expect(response.statusCode).toBe(422);
    const fields = response.json().errors.map((error: { field: string }) => error.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('refuses an inactive user with 403 and stops their existing session at once', async () => {
    const before = await signIn(t, demoEmail('parent'));
    await t.ctx.db
      .update(users)
      .set({ status: 'inactive' })
      .where(eq(users.email, demoEmail('parent')));
    try {
      const response = await login(t, demoEmail('parent'));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        success: false,
        message: MSG.accountInactive,
        data: null,
        code: 'ACCOUNT_INACTIVE',
      });
      expect(response.body).not.toContain('token');
      expect((await attemptsOf(t, demoEmail('parent'))).at(-1)).toMatchObject({ success: false, reason: 'inactive' });
      expect((await profile(t, before.token)).statusCode).toBe(401);
      expect((await refresh(t, before.refreshToken)).statusCode).toBe(401);
    } finally {
      await t.ctx.db
        .update(users)
        .set({ status: 'active' })
        .where(eq(users.email, demoEmail('parent')));
    }
    expect((await login(t, demoEmail('parent'))).statusCode).toBe(200);
  });

  it('locks an account after 5 failed attempts: even the right password then gets 423', async () => {
    const email = 'lockme@example.com';
    await insertUser(t, { email });
    const started = Date.now();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await login(t, email, 'wrong-password');
      expect(response.statusCode).toBe(401);
    }
    const locked = await login(t, email);
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({ success: false, message: MSG.accountLocked, data: null, code: 'ACCOUNT_LOCKED' });

    const attempts = await attemptsOf(t, email);
    expect(attempts).toHaveLength(6);
    expect(attempts.every((attempt) => attempt.success === false)).toBe(true);
    expect(attempts.map((attempt) => attempt.reason)).toEqual([
      'bad_password',
      'bad_password',
      'bad_password',
      'bad_password',
      'bad_password_locked',
      'locked',
    ]);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    // Fifteen minutes from the fifth attempt, however long a busy machine took over the six.
    expect(user!.lockedUntil!.getTime()).toBeGreaterThanOrEqual(started + 15 * 60_000);
    expect(user!.lockedUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
  });

  it('records a successful sign-in as such, and a success resets the failure count', async () => {
    const email = 'resets@example.com';
    await insertUser(t, { email });
    for (let attempt = 1; attempt <= 4; attempt++) await login(t, email, 'wrong-password');
    expect((await login(t, email)).statusCode).toBe(200);
    expect((await attemptsOf(t, email)).at(-1)).toMatchObject({ success: true, reason: null });
    // Four more failures do not lock, because the count started again.
    for (let attempt = 1; attempt <= 4; attempt++) await login(t, email, 'wrong-password');
    expect((await login(t, email)).statusCode).toBe(200);
  });
});

describe('the lock with a configured limit and a controllable clock', () => {
  let now = new Date();
  const t = useTestApp({ env: { LOGIN_MAX_ATTEMPTS: '3', LOGIN_LOCK_MINUTES: '1' }, clock: () => now });

  it('locks after the configured number of failures and lets the user in once the lock expires', async () => {
    const email = 'clock@example.com';
    await insertUser(t, { email });
    for (let attempt = 1; attempt <= 3; attempt++)
      expect((await login(t, email, 'wrong-password')).statusCode).toBe(401);
    expect((await login(t, email)).statusCode).toBe(423);

    now = new Date(now.getTime() + 30_000);
    expect((await login(t, email)).statusCode).toBe(423);

    now = new Date(now.getTime() + 31_000);
    const response = await login(t, email);
    expect(response.statusCode).toBe(200);
    const attempts = await attemptsOf(t, email);
    expect(attempts.filter((attempt) => !attempt.success)).toHaveLength(5);
    expect(attempts.at(-1)!.success).toBe(true);
  });
});

describe('refresh tokens', () => {
  const t = useTestApp();

  it('rotates: each refresh returns a new pair, and the new refresh token works', async () => {
    const first = await signIn(t, demoEmail('bursar'));
    const response = await refresh(t, first.refreshToken);
    expect(response.statusCode).toBe(200);
    const second = response.json().data;
    expect(response.json()).toMatchObject({
      success: true,
      data: { token: expect.any(String), refreshToken: expect.any(String) },
    });
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await profile(t, second.token)).statusCode).toBe(200);
    expect((await refresh(t, second.refreshToken)).statusCode).toBe(200);
  });

  it('treats a reused refresh token as theft: 401, and the whole family is revoked', async () => {
    const first = await signIn(t, demoEmail('bursar'));
    const second = (await refresh(t, first.refreshToken)).json().data;
    const thirdResponse = await refresh(t, second.refreshToken);
    expect(thirdResponse.statusCode).toBe(200);
    const third = thirdResponse.json().data;
    expect((await profile(t, third.token)).statusCode).toBe(200);

    const reused = await refresh(t, first.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({
      success: false,
      message: MSG.tokenRefreshFailed,
      data: null,
      code: 'UNAUTHENTICATED',
    });

    // The newest token of that family no longer refreshes, and its access tokens stop working.
    expect((await refresh(t, third.refreshToken)).statusCode).toBe(401);
    expect((await profile(t, third.token)).statusCode).toBe(401);
    expect((await profile(t, first.token)).statusCode).toBe(401);
    const family = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(third.refreshToken)));
    expect(family[0]!.revokedAt).not.toBeNull();
  });

  it('leaves other sign-ins of the same user alone when one family is revoked', async () => {
    const laptop = await signIn(t, demoEmail('bursar'));
    const phone = await signIn(t, demoEmail('bursar'));
    await refresh(t, laptop.refreshToken);
    await refresh(t, laptop.refreshToken);
    expect((await profile(t, laptop.token)).statusCode).toBe(401);
    expect((await profile(t, phone.token)).statusCode).toBe(200);
    expect((await refresh(t, phone.refreshToken)).statusCode).toBe(200);
  });

  it('answers an unknown refresh token with 401 and a missing one with 422', async () => {
    const unknown = await refresh(t, 'not-a-token-we-issued');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(MSG.tokenRefreshFailed);
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([{ field: 'refreshToken', message: MSG.noRefreshToken }]);
  });

  it('stores refresh tokens only as hashes', async () => {
    const session = await signIn(t, demoEmail('headteacher'));
    const rotated = (await refresh(t, session.refreshToken)).json().data;
    const rows = await t.ctx.db.select().from(refreshTokens);
    const dump = JSON.stringify(rows);
    for (const raw of [session.refreshToken, rotated.refreshToken]) {
      expect(dump).not.toContain(raw);
      expect(rows.filter((row) => row.tokenHash === sha256(raw))).toHaveLength(1);
    }
  });
});

describe('signing out and who may do what', () => {
  const t = useTestApp();

  it('revokes the sign-in: the access token then gets 401 and the refresh token no longer works', async () => {
    const session = await signIn(t, demoEmail('headteacher'));
    expect((await profile(t, session.token)).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(session.token),
      payload: { refreshToken: session.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: MSG.loggedOut, data: null });
    const after = await profile(t, session.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: MSG.sessionExpired, data: null, code: 'UNAUTHENTICATED' });
    expect((await refresh(t, session.refreshToken)).statusCode).toBe(401);
  });

  it('signs out with only the bearer header, for a client that lost its refresh token', async () => {
    const session = await signIn(t, demoEmail('bursar'));
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(session.token) });
    expect(response.statusCode).toBe(200);
    expect((await profile(t, session.token)).statusCode).toBe(401);
    expect((await refresh(t, session.refreshToken)).statusCode).toBe(401);
  });

  it('answers 401 without a token, with a token that is not ours, and with a token signed by another key', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/user/profile' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ success: false, message: MSG.sessionExpired, data: null, code: 'UNAUTHENTICATED' });
    const garbage = await profile(t, 'garbage');
    expect(garbage.statusCode).toBe(401);
    const { token } = await signIn(t, demoEmail('principal'));
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    expect((await profile(t, forged)).statusCode).toBe(401);
    const basic = await t.app.inject({ method: 'GET', url: '/api/v1/user/profile', headers: { authorization: token } });
    expect(basic.statusCode).toBe(401);
  });

  it('answers 401, not 422, to a caller without a token even when the body is also bad', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/session/create', payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('school_id');
  });

  it('answers 403 to a signed-in user without the permission, and writes nothing', async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    const body = { school_id: school!.id, name: '2040/2041', startDate: '2040-09-01', endDate: '2041-07-31' };
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/create',
      headers: await t.as('student'),
      payload: body,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: MSG.notAuthorized, data: null, code: 'FORBIDDEN' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/create',
      headers: await t.as('student'),
      payload: {},
    });
    expect(empty.statusCode).toBe(403);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/session/all', headers: await t.as('principal') });
    expect(list.json().data.map((session: { name: string }) => session.name)).not.toContain('2040/2041');
  });
});

describe('forgetting and resetting a password', () => {
  const t = useTestApp();

  async function forgot(email: string) {
    return t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
  }

  it("shows a reset link in the outbox to the super-admin only, never to a school's staff", async () => {
    expect((await forgot(demoEmail('proprietor'))).statusCode).toBe(200);
    await resetLinkFor(demoEmail('proprietor'));
    const read = async (name: string) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/email/outbox', headers: await t.as(name) });
      expect(response.statusCode).toBe(200);
      return (response.json().data as { to: string; text: string }[]).find((row) => row.to === demoEmail('proprietor'));
    };
    expect((await read('admin'))?.text).toContain('/reset-password?token=');
    const seenByIct = await read('ict');
    expect(seenByIct).toBeDefined();
    expect(seenByIct?.text).not.toContain('token=');
  });

  async function resetLinksFor(email: string) {
    const rows = await t.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, email))
      .orderBy(emailOutbox.createdAt);
    return rows.map((row) => row.text.match(/\/reset-password\?token=([A-Za-z0-9_-]+)/)![1]!);
  }

  /** The link of the `count`th reset email to `email`, once it has been written (after the answer). */
  async function resetLinkFor(email: string, count = 1) {
    return vi.waitFor(async () => {
      const links = await resetLinksFor(email);
      expect(links).toHaveLength(count);
      return links.at(-1)!;
    });
  }

  async function reset(token: string, password: string) {
    return t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password } });
  }

  it('answers 200 with the same message for known and unknown emails', async () => {
    const known = await forgot(demoEmail('headteacher'));
    const unknown = await forgot('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ success: true, message: MSG.resetEmailSent, data: null });
    expect(unknown.json()).toEqual(known.json());
  });

  it('stores an email with a reset link for a known user only, since no SMTP server is set', async () => {
    const email = demoEmail('auditor');
    // The unknown email's request is handled first: once the known one's email is in, it is done.
    await forgot('nobody@example.com');
    await forgot(email);
    const token = await resetLinkFor(email);
    const rows = await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'stored', subject: 'Reset your SchoolLedger password' });
    expect(rows[0]!.text).toMatch(/http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'nobody@example.com'))).toHaveLength(0);
    // The token is kept only as a hash.
    const stored = await t.ctx.db.select().from(passwordResetTokens);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.filter((row) => row.tokenHash === sha256(token))).toHaveLength(1);
  });

  it('validates the email with a 422 naming the field', async () => {
    const response = await forgot('nope');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([{ field: 'email', message: MSG.invalidEmail }]);
  });

  it('sets the new password with the emailed token, once, and signs out every session', async () => {
    const email = demoEmail('bursar');
    const session = await signIn(t, email);
    await forgot(email);
    const token = await resetLinkFor(email);

    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual([{ field: 'password', message: MSG.passwordMin }]);

    const response = await reset(token, 'a-brand-new-passw0rd');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: MSG.passwordReset, data: null });

    expect((await login(t, email)).statusCode).toBe(401);
    expect((await login(t, email, 'a-brand-new-passw0rd')).statusCode).toBe(200);

    const again = await reset(token, 'yet-another-passw0rd');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ success: false, message: MSG.resetTokenInvalid, data: null, code: 'BAD_REQUEST' });
    expect((await login(t, email, 'a-brand-new-passw0rd')).statusCode).toBe(200);

    expect((await refresh(t, session.refreshToken)).statusCode).toBe(401);
    expect((await profile(t, session.token)).statusCode).toBe(401);
    const audits = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.entityId, session.user._id));
    expect(audits.map((row) => row.action).sort()).toEqual(['password_reset', 'password_reset_requested']);
    expect(JSON.stringify(audits)).not.toContain(token);
    const live = await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, sha256(session.refreshToken))));
    expect(live[0]!.revokedAt).not.toBeNull();
  });

  it('kills every other reset link of the account once one of them has set a password', async () => {
    const email = demoEmail('principal2');
    await forgot(email);
    const older = await resetLinkFor(email, 1);
    await forgot(email);
    const newer = await resetLinkFor(email, 2);

    expect((await reset(newer, 'the-owners-new-passw0rd')).statusCode).toBe(200);
    const stale = await reset(older, 'someone-elses-passw0rd');
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toEqual({ success: false, message: MSG.resetTokenInvalid, data: null, code: 'BAD_REQUEST' });
    expect((await login(t, email, 'someone-elses-passw0rd')).statusCode).toBe(401);
    expect((await login(t, email, 'the-owners-new-passw0rd')).statusCode).toBe(200);
  });

  it('answers a bogus token with 400 and changes nothing', async () => {
    const [before] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('principal')));
    const response = await reset('bogus-token', 'whatever-passw0rd');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.resetTokenInvalid);
    const [after] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('principal')));
    expect(after!.passwordHash).toBe(before!.passwordHash);
  });
});
