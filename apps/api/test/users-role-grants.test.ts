import { MSG, ROLE_BADGES, ROLES, type Role } from '@schoolledger/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, schools, users } from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { DEMO_PASSWORD, demoEmail, FIRST_SCHOOL, login, useTestApp } from './helper.js';

/**
 * Who may grant or take away which role, through the real API, for every pair of roles. The
 * expected outcomes are written out here by hand, not computed by the rule under test.
 */

/** The demo account that holds each role (the Admin is the super-admin). */
const ACCOUNT: Record<Role, string> = {
  Admin: 'admin',
  ICT_administrator: 'ict',
  Proprietor: 'proprietor',
  Principal: 'principal',
  Headteacher: 'headteacher',
  Bursar: 'bursar',
  Auditor: 'auditor',
  Accountant: 'accountant',
  Student: 'student',
  Parent: 'parent',
};

/**
 * The roles each holder of User Management may grant or remove. The ICT administrator lacks the
 * Principal's expense approval, the Bursar's refunds and payouts and the books; the Proprietor lacks
 * General Settings, results, fee approval, the cash desk and closing the books. Students come only
 * from Student Management.
 */
const MAY_GRANT: Partial<Record<Role, readonly Role[]>> = {
  Admin: [
    'Admin',
    'ICT_administrator',
    'Proprietor',
    'Principal',
    'Headteacher',
    'Bursar',
    'Auditor',
    'Accountant',
    'Parent',
  ],
  ICT_administrator: ['ICT_administrator', 'Headteacher', 'Parent'],
  Proprietor: ['Parent'],
};
const ADMIN_ONLY: readonly Role[] = ['Admin', 'Proprietor', 'Auditor'];

/** Accounts holding each role hold a permission these managers lack, so the managers cannot touch them. */
const HOLDS_MORE_THAN: Partial<Record<Role, readonly Role[]>> = {
  Admin: [],
  ICT_administrator: ['Admin', 'Proprietor', 'Principal', 'Bursar', 'Auditor', 'Accountant'],
  Proprietor: ['Admin', 'ICT_administrator', 'Principal', 'Headteacher', 'Bursar', 'Accountant'],
};

interface Outcome {
  status: number;
  code?: string;
  message: string;
}

const OK: Outcome = { status: 200, message: '' };
const routeRefusal: Outcome = { status: 403, code: 'FORBIDDEN', message: MSG.notAuthorized };
const notGrantable = (role: Role, change: 'grant' | 'remove', adminOnly: boolean): Outcome => ({
  status: 403,
  code: 'ROLE_NOT_GRANTABLE',
  message: adminOnly
    ? `Only an administrator can ${change} the ${ROLE_BADGES[role]} role`
    : `You cannot ${change} the ${ROLE_BADGES[role]} role: it carries permissions you do not have`,
});

function grantOutcome(granter: Role, role: Role): Outcome {
  const mayGrant = MAY_GRANT[granter];
  if (!mayGrant) return routeRefusal;
  if (role === 'Student')
    return { status: 422, code: 'VALIDATION_FAILED', message: 'Create students from Student Management' };
  if (mayGrant.includes(role)) return OK;
  return notGrantable(role, 'grant', ADMIN_ONLY.includes(role));
}

function removalOutcome(granter: Role, role: Role): Outcome {
  const mayGrant = MAY_GRANT[granter];
  if (!mayGrant) return routeRefusal;
  if (role === 'Student')
    return { status: 422, code: 'VALIDATION_FAILED', message: 'Manage students from Student Management' };
  if (HOLDS_MORE_THAN[granter]!.includes(role)) {
    return {
      status: 403,
      code: 'USER_HOLDS_MORE',
      message: 'You cannot change a user who holds permissions you do not have',
    };
  }
  if (mayGrant.includes(role)) return OK;
  return notGrantable(role, 'remove', ADMIN_ONLY.includes(role));
}

const describeOutcome = (outcome: Outcome) => (outcome.status === 200 ? 'allowed' : `refused (${outcome.status})`);

describe('who may grant which role', () => {
  const t = useTestApp();
  let firstSchool = '';
  let serial = 0;

  beforeAll(async () => {
    const [school] = await t.ctx.db.select({ id: schools.id }).from(schools).where(eq(schools.name, FIRST_SCHOOL));
    firstSchool = school!.id;
  });

  async function call(who: string | { authorization: string }, method: 'POST' | 'PUT', url: string, body: object) {
    const headers = typeof who === 'string' ? await t.as(who) : who;
    return t.app.inject({ method, url: `/api/v1${url}`, headers, payload: body });
  }

  /** A user of the first school straight in the database, who never signs in. */
  async function addTarget(roles: Role[]) {
    serial += 1;
    const [row] = await t.ctx.db
      .insert(users)
      .values({
        email: `grant-target${serial}@example.ng`,
        firstname: 'Target',
        lastname: `Person${serial}`,
        roles,
        schoolId: firstSchool,
      })
      .returning();
    return row!;
  }

  const editOf = (user: typeof users.$inferSelect, roles: readonly string[], firstname = user.firstname) => ({
    firstname,
    lastname: user.lastname,
    email: user.email,
    roles,
    status: user.status,
  });

  async function rolesOf(id: string) {
    const [row] = await t.ctx.db.select({ roles: users.roles }).from(users).where(eq(users.id, id));
    return row!.roles;
  }

  async function auditsOf(id: string) {
    return t.ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'user'), eq(auditLogs.entityId, id)));
  }

  function expectOutcome(response: { statusCode: number; body: string; json(): unknown }, outcome: Outcome) {
    expect(response.statusCode, response.body).toBe(outcome.status);
    if (outcome.status === 200) return;
    expect(response.json()).toMatchObject({
      success: false,
      data: null,
      message: outcome.message,
      ...(outcome.code ? { code: outcome.code } : {}),
    });
  }

  describe.each(ROLES)('a %s', (granter) => {
    it.each(ROLES.map((role) => [role, describeOutcome(grantOutcome(granter, role))]))(
      'creating a user with the %s role is %s',
      async (role) => {
        const outcome = grantOutcome(granter, role as Role);
        serial += 1;
        const email = `grant-new${serial}@example.ng`;
        const response = await call(ACCOUNT[granter], 'POST', '/user/create', {
          firstname: 'Kemi',
          lastname: 'Adeyemi',
          email,
          roles: [role],
          password: 'a-long-password',
          school_id: firstSchool,
        });
        expectOutcome(response, outcome);
        const created = await t.ctx.db.select({ roles: users.roles }).from(users).where(eq(users.email, email));
        expect(created).toEqual(outcome.status === 200 ? [{ roles: [role] }] : []);
      },
    );

    it.each(ROLES.map((role) => [role, describeOutcome(grantOutcome(granter, role))]))(
      'adding the %s role to a user is %s',
      async (role) => {
        const outcome = grantOutcome(granter, role as Role);
        // A Parent gains the role; for the Parent role itself, a Student (whom every manager may change).
        const base: Role[] = role === 'Parent' ? ['Student'] : ['Parent'];
        const target = await addTarget(base);
        const after = [...base, role];
        const response = await call(ACCOUNT[granter], 'PUT', `/user/${target.id}`, editOf(target, after));
        expectOutcome(response, outcome);
        expect(await rolesOf(target.id)).toEqual(outcome.status === 200 ? after : base);
        expect(await auditsOf(target.id)).toEqual(outcome.status === 200 ? [{ action: 'update' }] : []);
      },
    );

    it.each(ROLES.map((role) => [role, describeOutcome(removalOutcome(granter, role))]))(
      'taking the %s role away from a user is %s',
      async (role) => {
        const outcome = removalOutcome(granter, role as Role);
        const kept: Role = role === 'Parent' ? 'Student' : 'Parent';
        const target = await addTarget([role as Role, kept]);
        const response = await call(ACCOUNT[granter], 'PUT', `/user/${target.id}/update`, editOf(target, [kept]));
        expectOutcome(response, outcome);
        expect(await rolesOf(target.id)).toEqual(outcome.status === 200 ? [kept] : [role, kept]);
      },
    );
  });

  describe('nobody changes their own roles', () => {
    const managers = (Object.keys(MAY_GRANT) as Role[]).map((role) => [role]);

    it.each(managers)('a %s cannot add any role to themself, but still edits their own name', async (manager) => {
      const [me] = await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, demoEmail(ACCOUNT[manager])));
      let refused = 0;
      for (const role of ROLES.filter((each) => each !== manager && each !== 'Student')) {
        const response = await call(ACCOUNT[manager], 'PUT', `/user/${me!.id}`, editOf(me!, [manager, role]));
        expect(response.statusCode, `${manager} + ${role}`).toBe(403);
        expect(response.json()).toMatchObject({
          code: 'OWN_ROLES_LOCKED',
          message: 'You cannot change your own roles. Ask another administrator to do it.',
        });
        refused += 1;
      }
      expect(refused).toBe(ROLES.length - 2);
      expect(await rolesOf(me!.id)).toEqual([manager]);
      expect(await auditsOf(me!.id)).toEqual([]);

      const renamed = await call(ACCOUNT[manager], 'PUT', `/user/${me!.id}`, editOf(me!, [manager], 'Renamed'));
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().data).toMatchObject({ firstname: 'Renamed', roles: [manager] });
    });

    it('an ICT administrator cannot make themself Proprietor, so cannot then approve an expense', async () => {
      const me = (
        await t.ctx.db
          .select()
          .from(users)
          .where(eq(users.email, demoEmail('ict')))
      )[0]!;
      const response = await call('ict', 'PUT', `/user/${me.id}`, editOf(me, ['ICT_administrator', 'Proprietor']));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, data: null, code: 'OWN_ROLES_LOCKED' });
      const signedIn = await login(t, demoEmail('ict'));
      expect(signedIn.json().data.user.roles).toEqual(['ICT_administrator']);
      const approve = await call(
        { authorization: `Bearer ${signedIn.json().data.token}` },
        'POST',
        '/expenses/00000000-0000-4000-8000-000000000000/transitions',
        { action: 'approve' },
      );
      expect(approve.statusCode).toBe(403);
    });

    it('someone holding two roles cannot drop one of them from themself', async () => {
      serial += 1;
      const email = `two-roles${serial}@example.ng`;
      const [me] = await t.ctx.db
        .insert(users)
        .values({
          email,
          firstname: 'Two',
          lastname: 'Roles',
          roles: ['ICT_administrator', 'Headteacher'],
          schoolId: firstSchool,
          passwordHash: await hashPassword(DEMO_PASSWORD),
        })
        .returning();
      const signedIn = await login(t, email);
      const headers = { authorization: `Bearer ${signedIn.json().data.token}` };
      const response = await call(headers, 'PUT', `/user/${me!.id}`, editOf(me!, ['ICT_administrator']));
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('OWN_ROLES_LOCKED');
      expect(await rolesOf(me!.id)).toEqual(['ICT_administrator', 'Headteacher']);
    });
  });

  describe('nobody changes a user holding a permission they lack', () => {
    it('an ICT administrator can neither rename, deactivate nor delete a Bursar', async () => {
      const bursar = await addTarget(['Bursar']);
      const rename = await call('ict', 'PUT', `/user/${bursar.id}`, editOf(bursar, ['Bursar'], 'Renamed'));
      expect(rename.statusCode).toBe(403);
      expect(rename.json().code).toBe('USER_HOLDS_MORE');
      const off = await call('ict', 'POST', '/user/bulk-update', {
        userIds: [bursar.id],
        updates: { status: 'inactive' },
      });
      expect(off.statusCode).toBe(403);
      expect((await call('ict', 'POST', '/user/bulk-delete', { userIds: [bursar.id] })).statusCode).toBe(403);
      const [row] = await t.ctx.db.select().from(users).where(eq(users.id, bursar.id));
      expect(row).toMatchObject({ firstname: 'Target', status: 'active', deletedAt: null, roles: ['Bursar'] });
      expect(await auditsOf(bursar.id)).toEqual([]);
    });

    it('an ICT administrator cannot strip the Admin role from an Admin of their school', async () => {
      const admin = await addTarget(['Admin', 'Headteacher']);
      const response = await call('ict', 'PUT', `/user/${admin.id}`, editOf(admin, ['Headteacher']));
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('USER_HOLDS_MORE');
      expect(await rolesOf(admin.id)).toEqual(['Admin', 'Headteacher']);
    });
  });
});
