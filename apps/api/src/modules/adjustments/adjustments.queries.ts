import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import { adjustmentRules, feeAdjustments, fees, schools, users } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

const student = alias(users, 'adjusted_student');
const creator = alias(users, 'adjustment_creator');
const decider = alias(users, 'adjustment_decider');
const reverser = alias(users, 'adjustment_reverser');
const person = (table: typeof creator | typeof decider | typeof reverser) => ({
  id: table.id,
  firstname: table.firstname,
  middlename: table.middlename,
  lastname: table.lastname,
});

const columns = {
  adjustment: feeAdjustments,
  student: {
    id: student.id,
    firstname: student.firstname,
    middlename: student.middlename,
    lastname: student.lastname,
    regNo: student.regNo,
  },
  fee: { id: fees.id, name: fees.name },
  school: { id: schools.id, name: schools.name },
  rule: { id: adjustmentRules.id, name: adjustmentRules.name },
  createdBy: person(creator),
  decidedBy: person(decider),
  reversedBy: person(reverser),
};

function joined(db: DbOrTx) {
  return db
    .select(columns)
    .from(feeAdjustments)
    .innerJoin(student, eq(student.id, feeAdjustments.studentId))
    .innerJoin(fees, eq(fees.id, feeAdjustments.feeId))
    .innerJoin(schools, eq(schools.id, feeAdjustments.schoolId))
    .leftJoin(adjustmentRules, eq(adjustmentRules.id, feeAdjustments.ruleId))
    .leftJoin(creator, eq(creator.id, feeAdjustments.createdBy))
    .leftJoin(decider, eq(decider.id, feeAdjustments.decidedBy))
    .leftJoin(reverser, eq(reverser.id, feeAdjustments.reversedBy));
}

export async function listAdjustments(db: DbOrTx, where: SQL, page: { limit: number; offset: number }) {
  return joined(db)
    .where(where)
    .orderBy(desc(feeAdjustments.createdAt), desc(feeAdjustments.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type AdjustmentRow = Awaited<ReturnType<typeof listAdjustments>>[number];

export async function countAdjustments(db: DbOrTx, where: SQL) {
  const [row] = await db.select({ n: count() }).from(feeAdjustments).where(where);
  return row?.n ?? 0;
}

export async function findAdjustment(db: DbOrTx, where: SQL, id: string) {
  const [row] = await joined(db).where(and(where, eq(feeAdjustments.id, id)));
  return row;
}

/** The bare row, locked so a decision and a reversal take turns. */
export async function lockAdjustment(tx: Tx, where: SQL, id: string) {
  const [row] = await tx
    .select()
    .from(feeAdjustments)
    .where(and(where, eq(feeAdjustments.id, id)))
    .for('update');
  return row;
}

export type AdjustmentValues = typeof feeAdjustments.$inferInsert;

export async function insertAdjustment(tx: DbOrTx, values: AdjustmentValues) {
  const [row] = await tx.insert(feeAdjustments).values(values).returning();
  return row!;
}

export async function updateAdjustment(tx: Tx, id: string, values: Partial<AdjustmentValues>) {
  const [row] = await tx.update(feeAdjustments).set(values).where(eq(feeAdjustments.id, id)).returning();
  return row!;
}

/** The adjustments of the schools in scope, narrowed by what is given. */
export function adjustmentsWhere(
  scope: Scope,
  filters: {
    schoolId?: string | undefined;
    studentId?: string | undefined;
    feeId?: string | undefined;
    status?: AdjustmentValues['status'] | undefined;
  },
): SQL {
  return and(
    inSchoolScope(scope, feeAdjustments.schoolId),
    filters.schoolId ? eq(feeAdjustments.schoolId, filters.schoolId) : undefined,
    filters.studentId ? eq(feeAdjustments.studentId, filters.studentId) : undefined,
    filters.feeId ? eq(feeAdjustments.feeId, filters.feeId) : undefined,
    filters.status ? eq(feeAdjustments.status, filters.status) : undefined,
  ) as SQL;
}

/** Inserts unless a unique index already holds the same adjustment (a rule's, a late-fee period's); the row or undefined. */
export async function insertAdjustmentOnce(tx: DbOrTx, values: AdjustmentValues) {
  const [row] = await tx.insert(feeAdjustments).values(values).onConflictDoNothing().returning();
  return row;
}
