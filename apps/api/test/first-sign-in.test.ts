import { ERROR_CODES, MSG } from '@schoolledger/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { classArms, schools, users } from '../src/db/schema.js';
import { bearer, FIRST_SCHOOL, login, useTestApp } from './helper.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Inside the First Term of the 2025/2026 session the demo seed creates. */
const now = new Date('2025-11-12T09:00:00Z');

const passwordChangeRequired = {
  success: false,
  message: MSG.passwordChangeRequired,
  data: null,
  code: ERROR_CODES.passwordChangeRequired,
};

describe('first sign-in: a temporary or derived password must be replaced before anything else', () => {
  const t = useTestApp({ clock: () => now });
  const ids = { school: '', arm: '' };

  beforeAll(async () => {
    const [school] = await t.ctx.db.select().from(schools).where(eq(schools.name, FIRST_SCHOOL));
    ids.school = school!.id;
    const arms = await t.ctx.db.select().from(classArms).where(eq(classArms.schoolId, ids.school));
    ids.arm = arms[0]!.id;
  });

  async function call(token: string, method: Method, url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function createStudent(firstname: string, regNo: string, email: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/students',
      headers: await t.as('ict'),
      payload: {
        firstname,
        lastname: 'Okafor',
        email,
        phone: '08031112222',
        DOB: '2013-04-21',
        gender: 'Female',
        regNo,
        address: { street: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos', country: 'Nigeria' },
        school_id: ids.school,
        classArm_id: ids.arm,
        type: 'day',
        expectedGraduationYear: 2031,
        guardian: { name: 'Bukola Okafor', relationship: 'Mother', phone: '08035556666' },
        emergencyContact: { name: 'Kunle Okafor', relationship: 'Uncle', phone: '08037778888' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }

  async function signIn(email: string, password: string) {
    const response = await login(t, email, password);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { token: string; refreshToken: string; user: { mustChangePassword: boolean } };
  }

  const profileChange = (email: string) => ({ firstname: 'Ngozi', lastname: 'Okafor', email });

  it('lets a student with the derived password do nothing but read their profile and change the password', async () => {
    const id = await createStudent('Ngozi', 'CVC/2025/8101', 'ngozi.first@example.ng');
    const session = await signIn('ngozi.first@example.ng', 'ngoziCVC/2025/8101');
    expect(session.user.mustChangePassword).toBe(true);

    // Taking over the account by moving its email (then resetting the password) is refused.
    const hijack = await call(session.token, 'PUT', '/user/profile', profileChange('attacker@example.ng'));
    expect(hijack.statusCode).toBe(403);
    expect(hijack.json()).toEqual(passwordChangeRequired);
    const [stored] = await t.ctx.db.select().from(users).where(eq(users.id, id));
    expect(stored!.email).toBe('ngozi.first@example.ng');

    for (const [method, url] of [
      ['GET', '/fee/all'],
      ['GET', '/student/fees'],
      ['GET', '/payment/all'],
      ['GET', `/students/${id}`],
      ['POST', '/payment/initiate'],
    ] as const) {
      const refused = await call(session.token, method, url, method === 'POST' ? {} : undefined);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json(), `${method} ${url}`).toEqual(passwordChangeRequired);
    }

    const profile = await call(session.token, 'GET', '/user/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ _id: id, mustChangePassword: true });

    // Signing out and renewing the session stay open: they are not behind the check.
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const token = renewed.json().data.token as string;

    const changed = await call(token, 'POST', '/user/profile/change-password', {
      currentPassword: 'ngoziCVC/2025/8101',
      newPassword: 'ngozi-chose-this',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const fees = await call(token, 'GET', '/fee/all');
    expect(fees.statusCode, fees.body).toBe(200);
    expect(fees.json().data.fees.length).toBeGreaterThan(0);
    const update = await call(token, 'PUT', '/user/profile', profileChange('ngozi.own@example.ng'));
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().data).toMatchObject({ email: 'ngozi.own@example.ng', mustChangePassword: false });

    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: bearer(token), payload: {} });
    expect(out.statusCode).toBe(200);
  });

  it('lets a user still under the flag sign out', async () => {
    await createStudent('Ifeoma', 'CVC/2025/8102', 'ifeoma.first@example.ng');
    const session = await signIn('ifeoma.first@example.ng', 'ifeomaCVC/2025/8102');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(session.token),
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await call(session.token, 'GET', '/user/profile')).statusCode).toBe(401);
  });

  it('holds an account an administrator created with a temporary password to the same rule', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/create',
      headers: await t.as('admin'),
      payload: {
        firstname: 'Halima',
        lastname: 'Sani',
        email: 'halima.ict@example.ng',
        roles: ['ICT_administrator'],
        password: 'temporary-123',
        school_id: ids.school,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const session = await signIn('halima.ict@example.ng', 'temporary-123');
    expect(session.user.mustChangePassword).toBe(true);

    const users = await call(session.token, 'GET', '/user/all');
    expect(users.statusCode).toBe(403);
    expect(users.json()).toEqual(passwordChangeRequired);
    const create = await call(session.token, 'POST', '/user/create', {});
    expect(create.json()).toEqual(passwordChangeRequired);

    const changed = await call(session.token, 'POST', '/user/change-password', {
      currentPassword: 'temporary-123',
      newPassword: 'halima-chose-this',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await call(session.token, 'GET', '/user/all');
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.users.length).toBeGreaterThan(0);
  });

  it('answers other refusals without a code, so only this one sends the web to the password screen', async () => {
    const response = await call((await t.as('student')).authorization.slice('Bearer '.length), 'GET', '/user/all');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ success: false, message: MSG.notAuthorized, data: null, code: 'FORBIDDEN' });
  });
});
