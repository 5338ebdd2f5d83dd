import { type CreditPaybackStatus, PERMISSIONS } from '@schoolledger/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { familyCreditBalances, familyCreditPaybacks, schools, users } from '../../../db/schema.js';
import { inSchoolScope, type Scope } from '../../../plugins/tenancy.js';

export type PaybackRecord = typeof familyCreditPaybacks.$inferSelect;
export type PaybackValues = typeof familyCreditPaybacks.$inferInsert;

const parent = alias(users, 'payback_parent');
const requester = alias(users, 'payback_requester');
const decider = alias(users, 'payback_decider');
/** The paybacks of the schools in scope, narrowed by what is given. */
export function paybacksWhere(
  scope: Scope,
  filters: { status?: CreditPaybackStatus | undefined; parentId?: string | undefined } = {},
): SQL {
  return and(
    inSchoolScope(scope, familyCreditPaybacks.schoolId),
    filters.status ? eq(familyCreditPaybacks.status, filters.status) : undefined,
    filters.parentId ? eq(familyCreditPaybacks.parentId, filters.parentId) : undefined,
  )!;
}

function joined(db: DbOrTx) {
  return db
    .select({
      payback: familyCreditPaybacks,
      parent: { id: parent.id, firstname: parent.firstname, middlename: parent.middlename, lastname: parent.lastname },
      school: { id: schools.id, name: schools.name },
      requestedBy: {
        id: requester.id,
        firstname: requester.firstname,
        middlename: requester.middlename,
        lastname: requester.lastname,
      },
      decidedBy: {
        id: decider.id,
        firstname: decider.firstname,
        middlename: decider.middlename,
        lastname: decider.lastname,
      },
      balance: sql<string>`coalesce(${familyCreditBalances.balanceKobo}, 0)::text`,
    })
    .from(familyCreditPaybacks)
    .innerJoin(parent, eq(parent.id, familyCreditPaybacks.parentId))
    .innerJoin(schools, eq(schools.id, familyCreditPaybacks.schoolId))
    .leftJoin(requester, eq(requester.id, familyCreditPaybacks.requestedBy))
    .leftJoin(decider, eq(decider.id, familyCreditPaybacks.decidedBy))
    .leftJoin(familyCreditBalances, eq(familyCreditBalances.parentId, familyCreditPaybacks.parentId));
}

export async function listPaybacks(db: DbOrTx, where: SQL, page: { limit: number; offset: number }) {
  return joined(db)
    .where(where)
    .orderBy(desc(familyCreditPaybacks.createdAt), desc(familyCreditPaybacks.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type PaybackRow = Awaited<ReturnType<typeof listPaybacks>>[number];

export async function countPaybacks(db: DbOrTx, where: SQL) {
  const [row] = await db.select({ n: count() }).from(familyCreditPaybacks).where(where);
  return row?.n ?? 0;
}

export async function findPayback(db: DbOrTx, where: SQL, id: string) {
  const [row] = await joined(db).where(and(where, eq(familyCreditPaybacks.id, id)));
  return row;
}

/** The bare row, locked: two decisions on one payback take turns, and the second finds it decided. */
export async function lockPayback(tx: Tx, where: SQL, id: string) {
  const [row] = await tx
    .select()
    .from(familyCreditPaybacks)
    .where(and(where, eq(familyCreditPaybacks.id, id)))
    .for('update');
  return row;
}

export async function insertPayback(db: DbOrTx, values: PaybackValues) {
  const [row] = await db.insert(familyCreditPaybacks).values(values).returning();
  return row!;
}

export async function updatePayback(tx: Tx, id: string, values: Partial<PaybackValues>) {
  const [row] = await tx.update(familyCreditPaybacks).set(values).where(eq(familyCreditPaybacks.id, id)).returning();
  return row!;
}

/**
 * Who may approve a school's payback: active people who may refund (its bursars, and the admins
 * of the school or of every school), never the person who asked.
 */
export async function paybackApproversOf(db: DbOrTx, schoolId: string, exceptId: string): Promise<string[]> {
  const roles = `{${PERMISSIONS['payments.refund'].join(',')}}`;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select u.id from ${users} u
      where u.deleted_at is null and u.status = 'active' and u.id <> ${exceptId}
        and u.roles && ${roles}::text[]
        and (u.school_id = ${schoolId} or (u.school_id is null and 'Admin' = any(u.roles)))`,
  );
  return rows.map((row) => row.id);
}
