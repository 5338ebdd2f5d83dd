import { MSG } from '@schoolledger/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../src/db/schema.js';
import { bearer, demoEmail, login, type TestApp, useTestApp } from './helper.js';

const IDLE_REFUSAL = { success: false, message: MSG.sessionExpired, data: null, code: 'SESSION_IDLE' };

async function signIn(t: TestApp, name: string) {
  const response = await login(t, demoEmail(name));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { token: string; refreshToken: string };
}

const profile = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/user/profile', headers: bearer(token) });

const refresh = (t: TestApp, refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });

describe('the idle sign-out holds on the server', () => {
  let now = new Date('2026-03-02T08:00:00Z');
  const statements: string[] = [];
  const t = useTestApp({
    clock: () => now,
    env: { SESSION_TIMEOUT_MINUTES: '5' },
    onQuery: (query) => statements.push(query),
  });
  const wait = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };

  it('refuses the access token and the refresh token of a session idle for 12 minutes of a 5-minute window', async () => {
    const session = await signIn(t, 'bursar');
    wait(12 * 60);
    // The access token itself has not run out (it lasts 15 minutes): the session's idleness ends it.
    const access = await profile(t, session.token);
    expect(access.statusCode).toBe(401);
    expect(access.json()).toEqual(IDLE_REFUSAL);
    const renewed = await refresh(t, session.refreshToken);
    expect(renewed.statusCode).toBe(401);
    expect(renewed.json()).toEqual(IDLE_REFUSAL);
  });

  it("counts the window from the session's last request: refused just past it, not before", async () => {
    const session = await signIn(t, 'principal');
    wait(4 * 60);
    expect((await profile(t, session.token)).statusCode).toBe(200);
    wait(5 * 60);
    expect((await profile(t, session.token)).statusCode).toBe(200);
    wait(5 * 60 + 1);
    const access = await profile(t, session.token);
    expect(access.statusCode).toBe(401);
    expect(access.json()).toEqual(IDLE_REFUSAL);
    // The refresh token was issued 14 minutes ago, long after its access token's requests stopped.
    expect((await refresh(t, session.refreshToken)).json()).toEqual(IDLE_REFUSAL);
  });

  it('keeps a session in use signed in past the window, through its refreshes', async () => {
    let session = await signIn(t, 'auditor');
    for (let step = 0; step < 6; step++) {
      wait(4 * 60);
      expect((await profile(t, session.token)).statusCode).toBe(200);
    }
    wait(4 * 60);
    const renewed = await refresh(t, session.refreshToken);
    expect(renewed.statusCode, renewed.body).toBe(200);
    session = renewed.json().data;
    wait(4 * 60);
    expect((await profile(t, session.token)).statusCode).toBe(200);
    // The refresh counted as the session's activity too, and a request within the window after it.
    wait(4 * 60);
    expect((await refresh(t, session.refreshToken)).statusCode).toBe(200);
  });

  it('ends the sign-in for good once it was idle: coming back later does not revive it', async () => {
    const session = await signIn(t, 'headteacher');
    wait(6 * 60);
    expect((await refresh(t, session.refreshToken)).json()).toEqual(IDLE_REFUSAL);
    // Revoked: a plain refusal from now on, whatever the idleness.
    const again = await refresh(t, session.refreshToken);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MSG.tokenRefreshFailed);
  });

  it('writes the time a session was last seen at most once a minute, not on every request', async () => {
    const session = await signIn(t, 'parent');
    const touches = () => statements.filter((query) => query.startsWith('update "refresh_tokens"')).length;
    const before = touches();
    for (let step = 0; step < 11; step++) {
      wait(5);
      expect((await profile(t, session.token)).statusCode).toBe(200);
    }
    expect(touches() - before).toBe(0);
    wait(5);
    expect((await profile(t, session.token)).statusCode).toBe(200);
    expect(touches() - before).toBe(1);
    wait(30);
    expect((await profile(t, session.token)).statusCode).toBe(200);
    expect(touches() - before).toBe(1);
  });
});

describe("the group's idle sign-out, once shortened", () => {
  let now = new Date('2026-03-02T08:00:00Z');
  const t = useTestApp({ clock: () => now });

  it('ends a session signed in afterwards once idle past the new window, on its access token', async () => {
    const ict = await signIn(t, 'ict');
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings/security',
      headers: bearer(ict.token),
      payload: { value: { sessionTimeoutMinutes: 5 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const session = await signIn(t, 'bursar');
    now = new Date(now.getTime() + 6 * 60_000);
    const access = await profile(t, session.token);
    expect(access.statusCode).toBe(401);
    expect(access.json()).toEqual(IDLE_REFUSAL);
  });
});

describe('asking for a password reset', () => {
  const statements: string[] = [];
  const t = useTestApp({ onQuery: (query) => statements.push(query) });
  const readsUsers = (query: string) => query.includes('from "users"');

  /** The statements run while the request was answered, and the answer. */
  async function forgot(email: string) {
    statements.length = 0;
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
    return { response, beforeAnswer: [...statements] };
  }

  it('answers a known and an unknown email with the same statements, and looks the email up only after', async () => {
    const unknown = await forgot('nobody@example.com');
    // The lookup comes after the answer; waiting for it keeps it out of the next request's count.
    await vi.waitFor(() => expect(statements.some(readsUsers)).toBe(true));
    const known = await forgot(demoEmail('bursar'));

    expect(known.response.json()).toEqual({ success: true, message: MSG.resetEmailSent, data: null });
    expect(unknown.response.json()).toEqual(known.response.json());
    expect(known.beforeAnswer).toEqual(unknown.beforeAnswer);
    expect(known.beforeAnswer.filter(readsUsers)).toEqual([]);

    // The known account's email follows the answer; the unknown one gets none.
    await vi.waitFor(async () => {
      const sent = await t.ctx.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, demoEmail('bursar')));
      expect(sent).toHaveLength(1);
    });
    expect(await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'nobody@example.com'))).toEqual([]);
  });
});
