import { ROLES, type Role } from '@schoolledger/domain';
import { and, arrayContains, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { personMatches } from '../../db/person-search.js';
import { classArms, schools, users } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export interface UserFilters {
  search?: string;
  role?: Role;
  status?: 'active' | 'inactive';
  schoolId?: string;
}

/** The users a caller may see: within their schools (the super-admin also sees school-less users), never deleted. */
function visible(scope: Scope): SQL {
  return and(inSchoolScope(scope, users.schoolId), isNull(users.deletedAt))!;
}

function matching(scope: Scope, filters: UserFilters): SQL {
  return and(
    visible(scope),
    filters.search ? personMatches(filters.search) : undefined,
    filters.role ? arrayContains(users.roles, [filters.role]) : undefined,
    filters.status ? eq(users.status, filters.status) : undefined,
    filters.schoolId ? eq(users.schoolId, filters.schoolId) : undefined,
  )!;
}

function selectUsers(db: DbOrTx) {
  return db
    .select({
      user: users,
      school: { id: schools.id, name: schools.name },
      classArm: { id: classArms.id, name: classArms.name },
    })
    .from(users)
    .leftJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(classArms, eq(classArms.id, users.classArmId));
}

/** One page of users (or all of them when `page` is omitted), by last name then first name. */
export async function listUsers(
  db: DbOrTx,
  scope: Scope,
  filters: UserFilters,
  page?: { limit: number; offset: number },
) {
  const query = selectUsers(db)
    .where(matching(scope, filters))
    .orderBy(users.lastname, users.firstname, users.id)
    .$dynamic();
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export type UserRow = Awaited<ReturnType<typeof listUsers>>[number];

export async function countUsers(db: DbOrTx, scope: Scope, filters: UserFilters) {
  const [row] = await db.select({ n: count() }).from(users).where(matching(scope, filters));
  return row?.n ?? 0;
}

export async function findUser(db: DbOrTx, scope: Scope, id: string): Promise<UserRow | undefined> {
  const [row] = await selectUsers(db).where(and(visible(scope), eq(users.id, id)));
  return row;
}

/** The code a person writes in a bank transfer's narration (migration 0030 gives every person one). */
export async function paymentCodeOf(db: DbOrTx, userId: string) {
  const [row] = await db.select({ code: users.paymentCode }).from(users).where(eq(users.id, userId));
  return row?.code ?? null;
}

/** The visible users among `ids`, locked until the transaction ends so a bulk change sees them as they are. */
export async function lockUsers(tx: DbOrTx, scope: Scope, ids: string[]) {
  return tx
    .select()
    .from(users)
    .where(and(visible(scope), inArray(users.id, ids)))
    .for('update');
}

export async function emailInUse(db: DbOrTx, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        isNull(users.deletedAt),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertUser(tx: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning();
  return row!;
}

export async function updateUserRow(tx: DbOrTx, id: string, changes: Partial<typeof users.$inferInsert>) {
  const [row] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
  return row!;
}

export async function setUsersStatus(tx: DbOrTx, ids: string[], status: 'active' | 'inactive') {
  return tx.update(users).set({ status }).where(inArray(users.id, ids)).returning();
}

export async function softDeleteUsers(tx: DbOrTx, ids: string[], now: Date) {
  return tx.update(users).set({ deletedAt: now, status: 'inactive' }).where(inArray(users.id, ids)).returning();
}

/** Totals, the active and inactive split, sign-ups since `since` and a count per role, in one query. */
export async function userStats(db: DbOrTx, scope: Scope, since: Date) {
  const perRole = Object.fromEntries(
    ROLES.map((role) => [role, sql<number>`count(*) filter (where ${role} = any(${users.roles}))`.mapWith(Number)]),
  ) as Record<Role, SQL<number>>;
  const [row] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${users.status} = 'active')`.mapWith(Number),
      recent: sql<number>`count(*) filter (where ${users.createdAt} >= ${since.toISOString()})`.mapWith(Number),
      ...perRole,
    })
    .from(users)
    .where(visible(scope));
  return row!;
}
