import { MSG, USER_EXPORT_COLUMNS } from '@schoolledger/domain';
import { parse } from 'csv-parse/sync';
import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, refreshTokens, schools, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { bearer, DEMO_PASSWORD, demoEmail, FIRST_SCHOOL, login, SECOND_SCHOOL, useTestApp } from './helper.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Caller = string | { authorization: string };

interface ListedUser {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  roles: string[];
  status: string;
  school: { _id: string; name: string } | null;
  lastLogin: string | null;
}

describe('user management', () => {
  const t = useTestApp();
  const ids = { first: '', second: '', admin: '', ict: '', proprietor: '', bursar: '' };
  let passwordHash = '';
  let serial = 0;

  beforeAll(async () => {
    const rows = await t.ctx.db.select().from(schools);
    ids.first = rows.find((row) => row.name === FIRST_SCHOOL)!.id;
    ids.second = rows.find((row) => row.name === SECOND_SCHOOL)!.id;
    for (const name of ['admin', 'ict', 'proprietor', 'bursar'] as const)
      ids[name] = (await userByEmail(demoEmail(name))).id;
    passwordHash = await hashPassword(DEMO_PASSWORD);
  });

  async function call(who: Caller, method: Method, url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: typeof who === 'string' ? await t.as(who) : who,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function dataOf(who: Caller, url: string) {
    const response = await call(who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  async function listOf(who: Caller, query = ''): Promise<{ users: ListedUser[]; pagination: { total: number } }> {
    return dataOf(who, `/user/all?limit=200${query}`);
  }

  /** Whether the list shows `who` the user with this email. */
  async function sees(who: Caller, email: string) {
    const { users: found } = await listOf(who, `&search=${encodeURIComponent(email)}`);
    return found.some((user) => user.email === email);
  }

  async function userByEmail(email: string) {
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    return row!;
  }

  /**
   * A user straight in the database: a Head teacher of the first school unless told otherwise, a
   * role whose permissions the ICT administrator holds, so the ICT administrator may change them.
   */
  async function addUser(values: Partial<typeof users.$inferInsert> = {}) {
    serial += 1;
    const [row] = await t.ctx.db
      .insert(users)
      .values({
        email: `person${serial}@example.ng`,
        firstname: 'Test',
        lastname: `Person${serial}`,
        roles: ['Headteacher'],
        schoolId: ids.first,
        passwordHash,
        ...values,
      })
      .returning();
    return row!;
  }

  /** Signs a user in and returns their access and refresh tokens. */
  async function signIn(email: string) {
    const response = await login(t, email);
    expect(response.statusCode, response.body).toBe(200);
    const { token, refreshToken } = response.json().data as { token: string; refreshToken: string };
    return { headers: bearer(token), refreshToken };
  }

  async function auditRowsOf(entityIds: string[]) {
    return t.ctx.db.select().from(auditLogs).where(inArray(auditLogs.entityId, entityIds));
  }

  const csvRows = (body: string) => parse(body, { bom: true, columns: true }) as Record<string, string>[];

  async function auditCount() {
    const [row] = await t.ctx.db.select({ n: count() }).from(auditLogs);
    return row!.n;
  }

  const newUser = (overrides: Record<string, unknown> = {}) => {
    serial += 1;
    return {
      firstname: 'Kemi',
      lastname: 'Adeyemi',
      email: `new${serial}@example.ng`,
      roles: ['Headteacher'],
      password: 'a-long-password',
      ...overrides,
    };
  };

  const editOf = (user: typeof users.$inferSelect, overrides: Record<string, unknown> = {}) => ({
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    roles: user.roles,
    status: user.status,
    ...overrides,
  });

  describe('listing', () => {
    it('pages users by last name then first name, with the total and the number of pages', async () => {
      const order = Array.from({ length: 30 }, (_, n) => n + 1).sort((a, b) => ((a * 7) % 30) - ((b * 7) % 30));
      for (const n of order) {
        await addUser({ firstname: `Pager ${String(n).padStart(2, '0')}`, lastname: 'Pagetest' });
      }

      const third = await dataOf('admin', '/user/all?search=pagetest&limit=10&page=3');
      expect(third.pagination).toEqual({ page: 3, limit: 10, total: 30, totalPages: 3 });
      expect(third.users.map((user: ListedUser) => user.firstname)).toEqual(
        Array.from({ length: 10 }, (_, n) => `Pager ${n + 21}`),
      );

      const beyond = await dataOf('admin', '/user/all?search=pagetest&limit=10&page=4');
      expect(beyond.users).toEqual([]);
      expect(beyond.pagination.total).toBe(30);

      const defaults = await dataOf('admin', '/school-access/users?search=pagetest');
      expect(defaults.pagination).toEqual({ page: 1, limit: 50, total: 30, totalPages: 1 });
    });

    it('searches first, middle and last names, the full name, email and registration number', async () => {
      const found = await addUser({
        firstname: 'Qzyxia',
        middlename: 'Vrolunde',
        lastname: 'Searchwell',
        email: 'qzyxia.sw@example.ng',
        regNo: 'SRCH/2025/0099',
      });
      const emailsFor = async (search: string) =>
        (await listOf('admin', `&search=${encodeURIComponent(search)}`)).users.map((user) => user.email);
      for (const search of ['qzyxia', 'VROLUNDE', 'searchwell', 'Qzyxia Searchwell', 'Qzyxia Vrolunde Searchwell']) {
        expect(await emailsFor(search), search).toEqual([found.email]);
      }
      expect(await emailsFor('qzyxia.sw@')).toEqual([found.email]);
      expect(await emailsFor('srch/2025/0099')).toEqual([found.email]);
      expect(await emailsFor('%')).toEqual([]);
    });

    it("filters by role and by status, and status 'all' is the same as none", async () => {
      const sleeper = await addUser({ status: 'inactive', roles: ['Auditor'] });

      const bursars = await listOf('admin', '&role=Bursar');
      expect(bursars.users.length).toBeGreaterThan(0);
      expect(bursars.users.every((user) => user.roles.includes('Bursar'))).toBe(true);

      const inactive = await listOf('admin', '&status=inactive');
      expect(new Set(inactive.users.map((user) => user.status))).toEqual(new Set(['inactive']));
      expect((await listOf('admin', `&status=inactive&search=${sleeper.email}`)).users).toHaveLength(1);
      const active = await listOf('admin', '&status=active');
      expect((await listOf('admin', `&status=active&search=${sleeper.email}`)).users).toEqual([]);

      const all = await listOf('admin', '&status=all');
      const unfiltered = await listOf('admin');
      expect(all.pagination.total).toBe(unfiltered.pagination.total);
      expect(all.pagination.total).toBe(active.pagination.total + inactive.pagination.total);
    });

    it("narrows to one school in scope, and another school's id is not found", async () => {
      const second = await listOf('admin', `&school_id=${ids.second}`);
      expect(second.users.map((user) => user.email)).toContain(demoEmail('principal2'));
      expect(second.users.every((user) => user.school?._id === ids.second)).toBe(true);

      const response = await call('ict', 'GET', `/user/all?school_id=${ids.second}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('School not found');
    });

    it('never shows deleted users, in the list or by id', async () => {
      const gone = await addUser({ deletedAt: new Date(), status: 'inactive' });
      expect((await listOf('admin', `&search=${gone.email}`)).users).toEqual([]);
      expect((await call('admin', 'GET', `/user/${gone.id}`)).statusCode).toBe(404);
    });

    it('gives the last sign-in time, or null for a user who never signed in', async () => {
      const never = await addUser();
      await t.as('admin');
      const admin = await dataOf('admin', `/user/${ids.admin}`);
      expect(admin.lastLogin).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect((await dataOf('admin', `/user/${never.id}`)).lastLogin).toBeNull();
      const student = await dataOf('admin', `/user/${(await userByEmail(demoEmail('student'))).id}`);
      expect(student).toMatchObject({ regNo: 'CVC/2025/0142', classArm: { name: 'JSS 2A' }, isActive: true });
    });
  });

  describe('scope and permissions', () => {
    it('lets the super-admin see every school and the users without a school', async () => {
      for (const name of ['admin', 'ict', 'principal2']) {
        expect(await sees('admin', demoEmail(name)), name).toBe(true);
      }
    });

    it("shows a school's ICT administrator only their own school", async () => {
      const listed = (await listOf('ict')).users;
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((user) => user.school?._id === ids.first)).toBe(true);
    });

    it('shows a proprietor every school of their group but never the super-admin', async () => {
      expect(await sees('proprietor', demoEmail('ict'))).toBe(true);
      expect(await sees('proprietor', demoEmail('principal2'))).toBe(true);
      expect(await sees('proprietor', demoEmail('admin'))).toBe(false);
      expect(await sees('ict', demoEmail('principal2'))).toBe(false);
    });

    it("answers 404 to another school's administrator for first-school users, and changes nothing", async () => {
      const other = await addUser({ roles: ['ICT_administrator'], schoolId: ids.second });
      const { headers } = await signIn(other.email);
      const bursar = await userByEmail(demoEmail('bursar'));
      const audits = await auditCount();

      expect(await sees(headers, bursar.email)).toBe(false);
      const attempts: [Method, string, unknown?][] = [
        ['GET', `/user/${bursar.id}`],
        ['PUT', `/user/${bursar.id}/update`, editOf(bursar, { firstname: 'Hijacked' })],
        ['PUT', `/user/${bursar.id}`, editOf(bursar, { status: 'inactive' })],
        ['DELETE', `/user/${bursar.id}/delete`],
        ['DELETE', `/user/${bursar.id}`],
        ['POST', '/user/bulk-update', { userIds: [bursar.id], updates: { status: 'inactive' } }],
        ['POST', '/user/bulk-delete', { userIds: [bursar.id] }],
      ];
      for (const [method, url, payload] of attempts) {
        const response = await call(headers, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      expect(await userByEmail(bursar.email)).toEqual(bursar);
      expect(await auditCount()).toBe(audits);
    });

    it('opens user management only to Admin, ICT administrator and Proprietor (principals and head teachers read it)', async () => {
      const readers = ['principal', 'principal2', 'headteacher'];
      for (const who of [...readers, 'bursar', 'auditor', 'student', 'parent']) {
        const reads: [Method, string, unknown?][] = [
          ['GET', '/user/all'],
          ['GET', '/user/stats'],
          ['GET', '/user/export'],
          ['GET', `/user/${ids.bursar}`],
        ];
        for (const [method, url, payload] of [
          ...(readers.includes(who) ? [] : reads),
          ['POST', '/user/create', newUser()],
          ['POST', '/user/bulk-delete', { userIds: [ids.bursar] }],
        ] as [Method, string, unknown?][]) {
          const response = await call(who, method, url, payload);
          expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
          expect(response.json().message).toBe(MSG.notAuthorized);
        }
      }
      for (const who of ['admin', 'ict', 'proprietor', ...readers]) {
        expect((await call(who, 'GET', '/user/all')).statusCode).toBe(200);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/user/all' })).statusCode).toBe(401);
    });
  });

  describe('creating a user', () => {
    it("creates a user in the creator's school, hashes the password, audits it, and the user can sign in", async () => {
      const body = newUser({ roles: ['Headteacher', 'Parent'], phone: '08031112222' });
      const response = await call('ict', 'POST', '/user/create', body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        success: true,
        message: 'User created successfully!',
        data: {
          firstname: 'Kemi',
          email: body.email,
          roles: ['Headteacher', 'Parent'],
          status: 'active',
          isActive: true,
          lastLogin: null,
          school: { _id: ids.first, name: FIRST_SCHOOL },
        },
      });

      const row = await userByEmail(body.email);
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row.mustChangePassword).toBe(true);
      const [audit, ...more] = await auditRowsOf([row.id]);
      expect(more).toEqual([]);
      expect(audit).toMatchObject({ action: 'create', entity: 'user', schoolId: ids.first, actorId: ids.ict });
      expect(JSON.stringify(audit!.after)).not.toContain('argon2');
      expect((await login(t, body.email, body.password)).statusCode).toBe(200);
    });

    it('refuses invalid fields with the messages of SPEC §5', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ firstname: 'A' }, 'firstname', 'First name must be at least 2 characters'],
        [{ lastname: 'B' }, 'lastname', 'Last name must be at least 2 characters'],
        [{ roles: [] }, 'roles', 'Please select at least one role'],
        [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
        [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
        [{ roles: ['Janitor'] }, 'roles.0', ''],
      ];
      for (const [overrides, field, message] of cases) {
        const response = await call('ict', 'POST', '/user/create', newUser(overrides));
        expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
        const [error] = response.json().errors;
        expect(error.field).toBe(field);
        if (message) {
          expect(error.message).toBe(message);
          expect(response.json().message).toBe(message);
        }
      }
    });

    it('refuses a taken email in any letter case with 409, and frees it once that user is deleted', async () => {
      const taken = await call('ict', 'POST', '/user/create', newUser({ email: demoEmail('bursar').toUpperCase() }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ message: MSG.emailTaken, errors: [{ field: 'email' }] });

      const leaver = await addUser();
      expect((await call('ict', 'DELETE', `/user/${leaver.id}`)).statusCode).toBe(200);
      expect((await call('ict', 'POST', '/user/create', newUser({ email: leaver.email }))).statusCode).toBe(200);
    });

    it('refuses to create students, who come from Student Management', async () => {
      const response = await call('ict', 'POST', '/user/create', newUser({ roles: ['Parent', 'Student'] }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual([{ field: 'roles', message: 'Create students from Student Management' }]);
    });

    it('lets the super-admin name the school, and requires one for anyone but a new super-admin', async () => {
      const missing = await call('admin', 'POST', '/user/create', newUser());
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual([{ field: 'school_id', message: 'School is required' }]);

      const placed = await call('admin', 'POST', '/user/create', newUser({ school_id: ids.second }));
      expect(placed.json().data.school).toEqual({ _id: ids.second, name: SECOND_SCHOOL });

      const superAdmin = await call('admin', 'POST', '/user/create', newUser({ roles: ['Admin'] }));
      expect(superAdmin.statusCode, superAdmin.body).toBe(200);
      expect(superAdmin.json().data.school).toBeNull();
    });

    it("answers 404 when the named school is outside the caller's scope", async () => {
      const response = await call('ict', 'POST', '/user/create', newUser({ school_id: ids.second }));
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('School not found');
    });
  });

  describe('privileges', () => {
    it('refuses an ICT administrator granting Admin, on create and on edit', async () => {
      const body = newUser({ roles: ['Principal', 'Admin'] });
      const created = await call('ict', 'POST', '/user/create', body);
      expect(created.statusCode).toBe(403);
      expect(created.json()).toMatchObject({
        message: 'Only an administrator can grant the Administrator role',
        code: 'ROLE_NOT_GRANTABLE',
      });
      expect(await t.ctx.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);

      const target = await addUser();
      const edited = await call('ict', 'PUT', `/user/${target.id}`, editOf(target, { roles: ['Admin'] }));
      expect(edited.statusCode).toBe(403);
      expect((await userByEmail(target.email)).roles).toEqual(['Headteacher']);
    });

    it('keeps a proprietor away from the super-admin (not found) and from an ICT administrator (forbidden)', async () => {
      const admin = await userByEmail(demoEmail('admin'));
      const ict = await userByEmail(demoEmail('ict'));
      const bystander = await addUser();

      expect(
        (await call('proprietor', 'PUT', `/user/${admin.id}`, editOf(admin, { firstname: 'Renamed' }))).statusCode,
      ).toBe(404);
      const edit = await call('proprietor', 'PUT', `/user/${ict.id}`, editOf(ict, { firstname: 'Renamed' }));
      expect(edit.statusCode).toBe(403);
      expect(edit.json()).toMatchObject({
        message: 'You cannot change a user who holds permissions you do not have',
        code: 'USER_HOLDS_MORE',
      });

      const bulk = await call('proprietor', 'POST', '/user/bulk-update', {
        userIds: [bystander.id, ict.id],
        updates: { status: 'inactive' },
      });
      expect(bulk.statusCode).toBe(403);
      expect((await userByEmail(bystander.email)).status).toBe('active');
      expect(await userByEmail(ict.email)).toEqual(ict);
    });

    it('refuses anyone deactivating or deleting their own account', async () => {
      const me = await userByEmail(demoEmail('ict'));
      const deactivate = await call('ict', 'PUT', `/user/${me.id}/update`, editOf(me, { status: 'inactive' }));
      expect(deactivate.statusCode).toBe(403);
      expect(deactivate.json().message).toBe('You cannot deactivate your own account');
      const bulk = await call('ict', 'POST', '/user/bulk-update', {
        userIds: [me.id],
        updates: { status: 'inactive' },
      });
      expect(bulk.statusCode).toBe(403);
      const remove = await call('ict', 'DELETE', `/user/${me.id}/delete`);
      expect(remove.statusCode).toBe(403);
      expect(remove.json().message).toBe('You cannot delete your own account');
      expect((await call('ict', 'POST', '/user/bulk-delete', { userIds: [me.id] })).statusCode).toBe(403);
      expect(await userByEmail(me.email)).toMatchObject({ status: 'active', deletedAt: null });
    });

    it('keeps the Student role out of reach of a plain edit', async () => {
      const student = await userByEmail(demoEmail('student'));
      const response = await call('ict', 'PUT', `/user/${student.id}`, editOf(student, { roles: ['Parent'] }));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[0].field).toBe('roles');
    });
  });

  describe('editing a user', () => {
    it('updates names, roles and status on both paths, auditing before and after without the password hash', async () => {
      const target = await addUser({ roles: ['Headteacher'] });
      const first = await call('ict', 'PUT', `/user/${target.id}/update`, editOf(target, { firstname: 'Renamed' }));
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ message: 'User updated successfully!', data: { firstname: 'Renamed' } });

      const second = await call('ict', 'PUT', `/user/${target.id}`, {
        ...editOf(target, { firstname: 'Renamed' }),
        roles: ['ICT_administrator', 'Parent'],
        middlename: 'Ola',
        phone: '0803 111 2222',
      });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().data).toMatchObject({ roles: ['ICT_administrator', 'Parent'], middlename: 'Ola' });

      const audits = await auditRowsOf([target.id]);
      expect(audits).toHaveLength(2);
      const last = audits.find((row) => JSON.stringify(row.after).includes('ICT_administrator'))!;
      expect(last).toMatchObject({ action: 'update', entity: 'user', schoolId: ids.first });
      expect(last.before).toMatchObject({ firstname: 'Renamed', roles: ['Headteacher'] });
      expect(last.after).toMatchObject({ roles: ['ICT_administrator', 'Parent'], phone: '0803 111 2222' });
      expect(JSON.stringify(audits)).not.toContain('argon2');
    });

    it("refuses another user's email with 409", async () => {
      const target = await addUser();
      const response = await call('ict', 'PUT', `/user/${target.id}`, editOf(target, { email: demoEmail('parent') }));
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(MSG.emailTaken);
    });

    it("deactivating by an edit ends the user's sessions at once", async () => {
      const target = await addUser();
      const session = await signIn(target.email);
      const edit = await call('ict', 'PUT', `/user/${target.id}`, editOf(target, { status: 'inactive' }));
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await call(session.headers, 'GET', '/user/profile')).statusCode).toBe(401);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { refreshToken: session.refreshToken },
      });
      expect(refreshed.statusCode).toBe(401);
    });
  });

  describe('bulk actions', () => {
    it('bulk deactivation signs users out at once and stops them signing in; activation lets them back', async () => {
      const [one, two] = [await addUser(), await addUser()];
      const sessions = [await signIn(one.email), await signIn(two.email)];

      const off = await call('ict', 'POST', '/user/bulk-update', {
        userIds: [one.id, two.id],
        updates: { status: 'inactive' },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ message: 'Users deactivated successfully', data: { affected: 2 } });

      for (const session of sessions) {
        const profile = await call(session.headers, 'GET', '/user/profile');
        expect(profile.statusCode).toBe(401);
      }
      const tokens = await t.ctx.db
        .select()
        .from(refreshTokens)
        .where(inArray(refreshTokens.userId, [one.id, two.id]));
      expect(tokens).toHaveLength(2);
      expect(tokens.every((token) => token.revokedAt !== null)).toBe(true);
      const refused = await login(t, one.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MSG.accountInactive);
      const audits = await auditRowsOf([one.id, two.id]);
      expect(audits.map((row) => row.action)).toEqual(['deactivate', 'deactivate']);
      expect(audits[0]).toMatchObject({ before: { status: 'active' }, after: { status: 'inactive' } });

      const on = await call('ict', 'POST', '/user/bulk-update', {
        userIds: [one.id, two.id],
        updates: { status: 'active' },
      });
      expect(on.json()).toMatchObject({ message: 'Users activated successfully', data: { affected: 2 } });
      expect((await login(t, one.email)).statusCode).toBe(200);
    });

    it('bulk delete is all or nothing: one foreign id changes nothing', async () => {
      const [one, two] = [await addUser(), await addUser()];
      const foreign = await addUser({ schoolId: ids.second });
      const session = await signIn(one.email);
      const audits = await auditCount();

      const refused = await call('ict', 'POST', '/user/bulk-delete', { userIds: [one.id, two.id, foreign.id] });
      expect(refused.statusCode).toBe(404);
      for (const user of [one, two, foreign]) {
        expect(await userByEmail(user.email)).toMatchObject({ deletedAt: null, status: 'active' });
      }
      expect(await auditCount()).toBe(audits);

      const done = await call('ict', 'POST', '/user/bulk-delete', { userIds: [one.id, two.id, one.id] });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ message: 'Users deleted successfully', data: { affected: 2 } });
      for (const user of [one, two]) {
        const row = await userByEmail(user.email);
        expect(row.deletedAt).not.toBeNull();
        expect(row.status).toBe('inactive');
      }
      expect((await auditRowsOf([one.id, two.id])).map((row) => row.action)).toEqual(['delete', 'delete']);
      expect((await call(session.headers, 'GET', '/user/profile')).statusCode).toBe(401);
      expect((await listOf('ict', `&search=${one.email}`)).users).toEqual([]);
    });

    it('deletes one user on both paths, and the second time they are not found', async () => {
      for (const path of ['/user/:id/delete', '/user/:id']) {
        const target = await addUser();
        const url = path.replace(':id', target.id);
        const response = await call('ict', 'DELETE', url);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toMatchObject({ success: true, message: 'User deleted successfully!', data: null });
        expect((await call('ict', 'DELETE', url)).statusCode).toBe(404);
      }
    });

    it('asks for a selection first', async () => {
      const response = await call('ict', 'POST', '/user/bulk-delete', { userIds: [] });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Please select users first');
    });
  });

  describe('statistics', () => {
    it('counts users within scope: total, active, inactive, per role and sign-ups in the last 7 days', async () => {
      const before = await dataOf('ict', '/user/stats');
      await addUser({ status: 'inactive' });
      await addUser({ createdAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) });
      await addUser({ schoolId: ids.second });
      const stats = await dataOf('ict', '/user/stats');
      expect(stats.totalUsers).toBe(before.totalUsers + 2);
      expect(stats.inactiveUsers).toBe(before.inactiveUsers + 1);
      expect(stats.recentRegistrations).toBe(before.recentRegistrations + 1);

      const total = (await listOf('ict')).pagination.total;
      const active = (await listOf('ict', '&status=active')).pagination.total;
      const bursars = (await listOf('ict', '&role=Bursar')).pagination.total;
      expect(stats).toMatchObject({ totalUsers: total, activeUsers: active, inactiveUsers: total - active });
      expect(stats.byRole).toContainEqual({ role: 'Bursar', count: bursars });
      expect(stats.byRole).toContainEqual({ role: 'Admin', count: 0 });

      const all = await dataOf('admin', '/user/stats');
      expect(all.totalUsers).toBe((await listOf('admin')).pagination.total);
      expect(all.byRole.find((row: { role: string }) => row.role === 'Admin').count).toBeGreaterThan(0);
    });
  });

  describe('export', () => {
    it('answers users.csv with exactly the SPEC columns, escaping commas, quotes and formulas', async () => {
      const tricky = await addUser({
        firstname: 'Ade, Jr.',
        lastname: 'O"Neil',
        email: 'csv.person@example.ng',
        roles: ['Bursar', 'Parent'],
      });
      const formula = await addUser({ firstname: '=HYPERLINK("http://x")', email: 'csv.formula@example.ng' });
      const response = await call('ict', 'GET', '/user/export?search=csv.');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe('attachment; filename="users.csv"');

      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const [header, ...lines] = response.body.slice(1).trimEnd().split('\n');
      expect(header).toBe('ID,First Name,Last Name,Email,Roles,Status,Last Login,Created At');
      expect(lines).toContain(
        `${tricky.id},"Ade, Jr.","O""Neil",csv.person@example.ng,Bursar; Parent,active,Never,${tricky.createdAt.toISOString()}`,
      );
      const rows = csvRows(response.body);
      expect(Object.keys(rows[0]!)).toEqual([...USER_EXPORT_COLUMNS]);
      expect(rows.find((row) => row.ID === formula.id)!['First Name']).toBe('\'=HYPERLINK("http://x")');
    });

    it('follows the filters and the scope of the list', async () => {
      const rows = csvRows((await call('ict', 'GET', '/user/export?role=Student')).body);
      expect(rows.map((row) => row.Email)).toContain(demoEmail('student'));
      expect(rows.every((row) => row.Roles!.split('; ').includes('Student'))).toBe(true);
      expect(rows).toHaveLength((await listOf('ict', '&role=Student')).pagination.total);

      const everyone = csvRows((await call('ict', 'GET', '/user/export')).body);
      expect(everyone.map((row) => row.Email)).not.toContain(demoEmail('principal2'));
      expect(everyone).toHaveLength((await listOf('ict')).pagination.total);
      const admin = await signIn(demoEmail('admin'));
      const adminRows = csvRows((await call(admin.headers, 'GET', '/user/export')).body);
      expect(adminRows.find((row) => row.Email === demoEmail('admin'))!['Last Login']).not.toBe('Never');
    });
  });
});
