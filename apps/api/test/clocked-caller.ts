import { expect } from 'vitest';
import { bearer, demoEmail, login, type TestApp } from './helper.js';

/**
 * Calls the API as a person on a test's clock: a demo person by the part of their email before
 * the @, a name given in `emails`, or a whole email. Signed in afresh whenever the clock has moved,
 * since a session idle past the group's timeout has ended.
 */
export function clockedCaller(t: TestApp, now: () => Date, emails: Record<string, string> = {}) {
  const tokens = new Map<string, string>();

  async function as(who: string) {
    const email = emails[who] ?? (who.includes('@') ? who : demoEmail(who));
    const key = `${email}@${now().getTime()}`;
    let token = tokens.get(key);
    if (!token) {
      const signedIn = await login(t, email);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      token = signedIn.json().data.token as string;
      tokens.set(key, token);
    }
    return bearer(token);
  }

  async function call(
    who: string,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(await as(who)), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  return { as, call };
}
