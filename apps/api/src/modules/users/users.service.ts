import {
  type CreateUserRequest,
  entityMessages,
  type Role,
  roleChangeRefusal,
  type UpdateUserRequest,
  type userListQuerySchema,
} from '@schoolledger/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import type { users } from '../../db/schema.js';
import { fieldError, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { revokeUserTokens } from '../auth/auth.queries.js';
import { notifyAccountsCreated } from '../notifications/notices.service.js';
import { assertPasswordLength } from '../settings/settings.service.js';
import { emailTaken, roleChangeRefused, userNotFound } from './users.errors.js';
import { toAuditedUser } from './users.presenters.js';
import {
  countUsers,
  emailInUse,
  findUser,
  insertUser,
  listUsers,
  lockUsers,
  setUsersStatus,
  softDeleteUsers,
  type UserFilters,
  updateUserRow,
  userStats,
} from './users.queries.js';

const SCHOOL = entityMessages('School');
const RECENT_DAYS = 7;

type ListQuery = z.output<typeof userListQuerySchema>;
type UserRecord = typeof users.$inferSelect;

/**
 * The one privilege gate of every user mutation, after tenancy has hidden users outside the
 * caller's schools (404). Who may set whose roles is the domain's `roleChangeRefusal`, judged by
 * permissions: nobody changes their own roles, touches a user holding a permission they lack, or
 * grants or removes a role beyond their own (Admin, Proprietor and Auditor are for an Admin alone).
 * Nobody deactivates or deletes themselves either, so an administrator cannot lock a school out by
 * slip. Users without a school are visible only to the super-admin, and everyone else's new users
 * get a school, so only the super-admin can make another super-admin.
 */
export function assertMayChange({
  auth,
  target,
  roles,
  deactivate = false,
  remove = false,
}: {
  auth: AuthContext;
  /** Null when the account is being created. */
  target: Pick<UserRecord, 'id' | 'roles'> | null;
  /** The roles the account will hold; left out when they stay as they are. */
  roles?: readonly Role[];
  deactivate?: boolean;
  remove?: boolean;
}) {
  const refusal = roleChangeRefusal({ granter: { id: auth.userId, roles: auth.roles }, target, after: roles });
  if (refusal) throw roleChangeRefused(refusal);
  if (target?.id === auth.userId && deactivate) throw forbidden('You cannot deactivate your own account');
  if (target?.id === auth.userId && remove) throw forbidden('You cannot delete your own account');
}

/** Students carry a profile and a class; they are made and re-roled only by Student Management. */
function assertStudentRoleUnchanged(before: readonly string[], after: readonly Role[]) {
  const was = before.includes('Student');
  if (after.includes('Student') && !was) throw fieldError('roles', 'Create students from Student Management');
  if (was && !after.includes('Student')) throw fieldError('roles', 'Manage students from Student Management');
}

async function withUniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

function filtersOf(auth: AuthContext, query: Omit<ListQuery, 'page' | 'limit'>): UserFilters {
  if (query.school_id) assertSchoolInScope(auth.scope, query.school_id, SCHOOL.notFound);
  return {
    search: query.search,
    role: query.role,
    status: query.status === 'all' ? undefined : query.status,
    schoolId: query.school_id,
  };
}

export async function listUserPage(ctx: AppContext, auth: AuthContext, query: ListQuery) {
  const filters = filtersOf(auth, query);
  const [rows, total] = await Promise.all([
    listUsers(ctx.db, auth.scope, filters, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    countUsers(ctx.db, auth.scope, filters),
  ]);
  return {
    rows,
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

/** An export of personal data is itself on the trail: who took whose details, with which filters. */
export async function listUsersForExport(
  ctx: AppContext,
  auth: AuthContext,
  query: Omit<ListQuery, 'page' | 'limit'>,
  actor: Actor,
) {
  const rows = await listUsers(ctx.db, auth.scope, filtersOf(auth, query));
  await recordAudit(ctx.db, actor, {
    action: 'export',
    entity: 'user',
    entityId: null,
    schoolId: query.school_id ?? auth.schoolId,
    after: { format: 'csv', filters: query, rows: rows.length },
  });
  return rows;
}

export async function getUserStats(ctx: AppContext, auth: AuthContext) {
  const since = new Date(ctx.clock().getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000);
  return userStats(ctx.db, auth.scope, since);
}

export async function getUser(ctx: AppContext, auth: AuthContext, id: string) {
  const row = await findUser(ctx.db, auth.scope, id);
  if (!row) throw userNotFound();
  return row;
}

export async function createUser(ctx: AppContext, auth: AuthContext, input: CreateUserRequest, actor: Actor) {
  const roles = [...new Set(input.roles)];
  assertStudentRoleUnchanged([], roles);
  const schoolId = input.school_id ?? auth.schoolId;
  if (schoolId) assertSchoolInScope(auth.scope, schoolId, SCHOOL.notFound);
  else if (!roles.includes('Admin')) throw fieldError('school_id', 'School is required');
  assertMayChange({ auth, target: null, roles });
  if (await emailInUse(ctx.db, input.email)) throw emailTaken();
  await assertPasswordLength(ctx, schoolId, input.password, 'password');

  const passwordHash = await hashPassword(input.password);
  const id = await withUniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        schoolId,
        firstname: input.firstname,
        middlename: input.middlename || null,
        lastname: input.lastname,
        email: input.email,
        phone: input.phone || null,
        roles,
        status: input.status,
        passwordHash,
        // The administrator chose this password, so the new user replaces it at first sign-in.
        mustChangePassword: true,
      });
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'user',
        entityId: row.id,
        schoolId: row.schoolId,
        after: toAuditedUser(row),
      });
      await notifyAccountsCreated(tx, ctx, [row.id]);
      return row.id;
    }),
  );
  return getUser(ctx, auth, id);
}

export async function updateUser(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: UpdateUserRequest,
  actor: Actor,
) {
  const { user: before } = await getUser(ctx, auth, id);
  const roles = [...new Set(input.roles)];
  assertStudentRoleUnchanged(before.roles, roles);
  if (!before.schoolId && !roles.includes('Admin')) {
    throw fieldError('roles', 'A user without a school must keep the Admin role');
  }
  assertMayChange({ auth, target: before, roles, deactivate: input.status === 'inactive' });
  if (await emailInUse(ctx.db, input.email, id)) throw emailTaken();

  await withUniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      const after = await updateUserRow(tx, id, {
        firstname: input.firstname,
        middlename: input.middlename || null,
        lastname: input.lastname,
        email: input.email,
        phone: input.phone || null,
        roles,
        status: input.status,
      });
      if (before.status === 'active' && after.status === 'inactive') await revokeUserTokens(tx, id, ctx.clock());
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'user',
        entityId: id,
        schoolId: before.schoolId,
        before: toAuditedUser(before),
        after: toAuditedUser(after),
      });
    }),
  );
  return getUser(ctx, auth, id);
}

/**
 * Locks every named user or fails as a whole: one id the caller cannot see (another school's,
 * deleted or made up) answers 404 and nothing changes.
 */
async function lockTargets(tx: Tx, auth: AuthContext, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  const rows = await lockUsers(tx, auth.scope, unique);
  if (rows.length !== unique.length) throw notFound('One or more of the selected users were not found');
  return rows;
}

/** Deactivated users are signed out at once: their refresh tokens die, and the auth hook refuses them. */
export async function setStatusOfUsers(
  ctx: AppContext,
  auth: AuthContext,
  ids: readonly string[],
  status: 'active' | 'inactive',
  actor: Actor,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const targets = await lockTargets(tx, auth, ids);
    for (const target of targets) assertMayChange({ auth, target, deactivate: status === 'inactive' });
    const changing = targets.filter((target) => target.status !== status);
    if (changing.length === 0) return 0;
    const updated = await setUsersStatus(
      tx,
      changing.map((target) => target.id),
      status,
    );
    for (const before of changing) {
      if (status === 'inactive') await revokeUserTokens(tx, before.id, ctx.clock());
      await recordAudit(tx, actor, {
        action: status === 'inactive' ? 'deactivate' : 'activate',
        entity: 'user',
        entityId: before.id,
        schoolId: before.schoolId,
        before: { status: before.status },
        after: { status },
      });
    }
    return updated.length;
  });
}

/** Users are soft-deleted: payments and audit rows keep pointing at them, and their sessions end. */
export async function deleteUsers(
  ctx: AppContext,
  auth: AuthContext,
  ids: readonly string[],
  actor: Actor,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const targets = await lockTargets(tx, auth, ids);
    for (const target of targets) assertMayChange({ auth, target, remove: true });
    const now = ctx.clock();
    const deleted = await softDeleteUsers(
      tx,
      targets.map((target) => target.id),
      now,
    );
    const before = new Map(targets.map((target) => [target.id, target]));
    for (const after of deleted) {
      await revokeUserTokens(tx, after.id, now);
      await recordAudit(tx, actor, {
        action: 'delete',
        entity: 'user',
        entityId: after.id,
        schoolId: after.schoolId,
        before: toAuditedUser(before.get(after.id)!),
        after: toAuditedUser(after),
      });
    }
    return deleted.length;
  });
}

export async function deleteUser(ctx: AppContext, auth: AuthContext, id: string, actor: Actor) {
  await getUser(ctx, auth, id);
  await deleteUsers(ctx, auth, [id], actor);
}
