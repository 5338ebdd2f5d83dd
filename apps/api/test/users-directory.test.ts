import { MSG } from '@schoolledger/domain';
import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, schools, users } from '../src/db/schema.js';
import { demoEmail, FIRST_SCHOOL, SECOND_SCHOOL, useTestApp } from './helper.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface ListedUser {
  _id: string;
  email: string;
  roles: string[];
  status: string;
  school: { _id: string; name: string } | null;
  lastLogin: string | null;
}

/** Principals and head teachers read their school's directory: every account of it, and change none. */
describe("a principal's and a head teacher's directory of their school", () => {
  const t = useTestApp();
  const ids = { first: '', second: '', bursar: '', secondPrincipal: '' };

  beforeAll(async () => {
    const rows = await t.ctx.db.select().from(schools);
    ids.first = rows.find((row) => row.name === FIRST_SCHOOL)!.id;
    ids.second = rows.find((row) => row.name === SECOND_SCHOOL)!.id;
    ids.bursar = (await byEmail(demoEmail('bursar'))).id;
    // The second school's principal, whom the first school's staff must not find.
    ids.secondPrincipal = (await byEmail(demoEmail('principal2'))).id;
  });

  async function byEmail(email: string) {
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    return row!;
  }

  async function call(who: string, method: Method, url: string, payload?: object) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: await t.as(who),
      ...(payload === undefined ? {} : { payload }),
    });
  }

  async function list(who: string, query: string): Promise<{ users: ListedUser[]; pagination: { total: number } }> {
    const response = await call(who, 'GET', `/user/all?limit=200&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  const audits = async () => (await t.ctx.db.select({ n: count() }).from(auditLogs))[0]!.n;

  it.each(['principal', 'headteacher'])(
    'shows the %s staff and students of their own school only, searchable by name and role, with status and last sign-in',
    async (who) => {
      const staff = await list(who, 'search=Eze');
      expect(staff.users.map((user) => user.email)).toContain(demoEmail('bursar'));
      const bursar = staff.users.find((user) => user.email === demoEmail('bursar'))!;
      expect(bursar).toMatchObject({ roles: ['Bursar'], status: 'active', school: { _id: ids.first } });
      expect(bursar).toHaveProperty('lastLogin');

      const students = await list(who, 'role=Student');
      expect(students.pagination.total).toBeGreaterThan(0);
      expect(students.users.length).toBeGreaterThan(0);
      expect(students.users.filter((user) => !user.roles.includes('Student'))).toEqual([]);
      expect(students.users.map((user) => user.email)).toContain(demoEmail('student'));

      const everyone = await list(who, 'status=all');
      expect(everyone.users.every((user) => user.school?._id === ids.first)).toBe(true);
      const [school] = await t.ctx.db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.schoolId, ids.first), isNull(users.deletedAt)));
      expect(everyone.pagination.total).toBe(school!.n);
    },
  );

  it("answers another school's user as not found, by id or by naming that school", async () => {
    const byId = await call('principal', 'GET', `/user/${ids.secondPrincipal}`);
    expect(byId.statusCode).toBe(404);
    const bySchool = await call('principal', 'GET', `/user/all?school_id=${ids.second}`);
    expect(bySchool.statusCode).toBe(404);
    const mine = await call('principal', 'GET', `/user/${ids.bursar}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.email).toBe(demoEmail('bursar'));
  });

  it.each(['principal', 'headteacher'])('lets the %s create, change or delete no one', async (who) => {
    const bursar = await byEmail(demoEmail('bursar'));
    const before = await audits();
    const edit = {
      firstname: 'Changed',
      lastname: bursar.lastname,
      email: bursar.email,
      roles: bursar.roles,
      status: 'inactive',
    };
    const attempts: [Method, string, object?][] = [
      [
        'POST',
        '/user/create',
        {
          firstname: 'New',
          lastname: 'Person',
          email: `new.${who}@example.ng`,
          roles: ['Parent'],
          password: 'a-long-password',
        },
      ],
      ['PUT', `/user/${bursar.id}/update`, edit],
      ['PUT', `/user/${bursar.id}`, edit],
      ['DELETE', `/user/${bursar.id}`],
      ['POST', '/user/bulk-update', { userIds: [bursar.id], updates: { status: 'inactive' } }],
      ['POST', '/user/bulk-delete', { userIds: [bursar.id] }],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(who, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe(MSG.notAuthorized);
    }
    expect(await byEmail(bursar.email)).toEqual(bursar);
    expect(await byEmail(`new.${who}@example.ng`)).toBeUndefined();
    expect(await audits()).toBe(before);
  });
});
