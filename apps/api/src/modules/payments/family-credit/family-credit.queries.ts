import { and, asc, count, desc, eq, exists, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import {
  classArms,
  familyCreditBalances,
  familyCreditEntries,
  fees,
  parentStudents,
  paymentProfiles,
  payments,
  schools,
  users,
} from '../../../db/schema.js';
import { inSchoolScope, type Scope } from '../../../plugins/tenancy.js';
import { owedOnFee } from '../../fees/fee-ledger.queries.js';
import { feeAppliesTo, payable } from '../../fees/fees.queries.js';

export type CreditEntryValues = typeof familyCreditEntries.$inferInsert;

/**
 * Whose credit money for a student becomes: the payer when they are one of the student's parents,
 * else the parent linked first. None when the student has no linked parent.
 */
/**
 * The family the cash desk shows for a student: of their linked parents, the one holding the most
 * credit (a child of two parents may have credit with either), else the parent linked first.
 */
export async function deskFamilyOf(db: DbOrTx, studentId: string) {
  const [row] = await db
    .select({ parentId: parentStudents.parentId })
    .from(parentStudents)
    .innerJoin(users, eq(users.id, parentStudents.parentId))
    .leftJoin(familyCreditBalances, eq(familyCreditBalances.parentId, parentStudents.parentId))
    .where(and(eq(parentStudents.studentId, studentId), isNull(users.deletedAt)))
    .orderBy(
      desc(sql`coalesce(${familyCreditBalances.balanceKobo}, 0)`),
      asc(parentStudents.createdAt),
      asc(parentStudents.parentId),
    )
    .limit(1);
  return row?.parentId;
}

export async function creditHolderOf(db: DbOrTx, studentId: string, payerId: string | null) {
  const [row] = await db
    .select({ parentId: parentStudents.parentId })
    .from(parentStudents)
    .innerJoin(users, eq(users.id, parentStudents.parentId))
    .where(and(eq(parentStudents.studentId, studentId), isNull(users.deletedAt)))
    .orderBy(
      payerId ? desc(sql`${parentStudents.parentId} = ${payerId}`) : asc(parentStudents.createdAt),
      asc(parentStudents.createdAt),
      asc(parentStudents.parentId),
    )
    .limit(1);
  return row?.parentId;
}

export async function isParentOf(db: DbOrTx, parentId: string, studentId: string) {
  const [row] = await db
    .select({ parentId: parentStudents.parentId })
    .from(parentStudents)
    .where(and(eq(parentStudents.parentId, parentId), eq(parentStudents.studentId, studentId)));
  return Boolean(row);
}

export async function groupOfSchool(db: DbOrTx, schoolId: string) {
  const [row] = await db.select({ groupSchoolId: schools.groupSchoolId }).from(schools).where(eq(schools.id, schoolId));
  return row?.groupSchoolId ?? null;
}

const child = alias(users, 'child');

/** A parent account with a child in one of the caller's schools (any parent for a parent's own `scope: null`). */
export async function findFamily(db: DbOrTx, scope: Scope | null, parentId: string) {
  const [row] = await db
    .select({ id: users.id, firstname: users.firstname, middlename: users.middlename, lastname: users.lastname })
    .from(users)
    .where(
      and(
        eq(users.id, parentId),
        isNull(users.deletedAt),
        sql`'Parent' = any(${users.roles})`,
        scope
          ? exists(
              db
                .select({ one: sql`1` })
                .from(parentStudents)
                .innerJoin(child, eq(child.id, parentStudents.studentId))
                .where(and(eq(parentStudents.parentId, users.id), inSchoolScope(scope, child.schoolId))),
            )
          : undefined,
      ),
    );
  return row;
}

export async function firstChildSchoolOf(db: DbOrTx, parentId: string) {
  const [row] = await db
    .select({ schoolId: parentStudents.schoolId })
    .from(parentStudents)
    .where(eq(parentStudents.parentId, parentId))
    .orderBy(asc(parentStudents.createdAt))
    .limit(1);
  return row?.schoolId;
}

export async function balanceOf(db: DbOrTx, parentId: string): Promise<bigint> {
  const [row] = await db
    .select({ balance: familyCreditBalances.balanceKobo })
    .from(familyCreditBalances)
    .where(eq(familyCreditBalances.parentId, parentId));
  return row?.balance ?? 0n;
}

/**
 * The statement's clock rather than the transaction's: entries written together (credit that
 * arises and is applied at once) keep the order they were made in.
 */
export async function insertCreditEntry(db: DbOrTx, values: CreditEntryValues) {
  const [row] = await db
    .insert(familyCreditEntries)
    .values({ ...values, createdAt: sql`clock_timestamp()` })
    .returning();
  return row!;
}

const creator = alias(users, 'creator');
const student = alias(users, 'student');

export async function listCreditEntries(db: DbOrTx, parentId: string, page: { limit: number; offset: number }) {
  return db
    .select({
      entry: familyCreditEntries,
      school: { id: schools.id, name: schools.name },
      payment: { id: payments.id, receiptNo: payments.receiptNo, reference: payments.reference },
      feeName: fees.name,
      student: { firstname: student.firstname, middlename: student.middlename, lastname: student.lastname },
      creator: {
        id: creator.id,
        firstname: creator.firstname,
        middlename: creator.middlename,
        lastname: creator.lastname,
      },
    })
    .from(familyCreditEntries)
    .leftJoin(schools, eq(schools.id, familyCreditEntries.schoolId))
    .leftJoin(payments, eq(payments.id, familyCreditEntries.paymentId))
    .leftJoin(fees, eq(fees.id, payments.feeId))
    .leftJoin(student, eq(student.id, payments.studentId))
    .leftJoin(creator, eq(creator.id, familyCreditEntries.createdBy))
    .where(eq(familyCreditEntries.parentId, parentId))
    .orderBy(desc(familyCreditEntries.createdAt), desc(familyCreditEntries.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type CreditEntryRow = Awaited<ReturnType<typeof listCreditEntries>>[number];

export async function countCreditEntries(db: DbOrTx, parentId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(familyCreditEntries)
    .where(eq(familyCreditEntries.parentId, parentId));
  return row?.n ?? 0;
}

/** What was moved to credit out of payment `paymentId` when it over-collected. */
export async function movedToCreditKobo(db: DbOrTx, paymentId: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${familyCreditEntries.amountKobo})::text` })
    .from(familyCreditEntries)
    .where(and(eq(familyCreditEntries.paymentId, paymentId), eq(familyCreditEntries.kind, 'overpayment')));
  return row?.total ? BigInt(row.total) : 0n;
}

export async function autoApplyCreditOn(db: DbOrTx, schoolId: string) {
  const [row] = await db
    .select({ on: paymentProfiles.autoApplyCredit })
    .from(paymentProfiles)
    .where(eq(paymentProfiles.schoolId, schoolId));
  return row?.on ?? false;
}

/**
 * The payable fees of one school with something owed, of a family's children or of one student,
 * oldest first (due date, then creation): where credit goes by itself, and how a transfer that
 * names a student but no fee is spent.
 */
export async function owedFeesOf(db: DbOrTx, whose: { parentId: string } | { studentId: string }, schoolId: string) {
  const students =
    'parentId' in whose
      ? sql`select ps.student_id as id from ${parentStudents} ps where ps.parent_id = ${whose.parentId}`
      : sql`select ${whose.studentId}::uuid as id`;
  const rows = await rowsOf<{ fee_id: string; student_id: string; owed: string }>(
    db,
    sql`select "fees"."id" as fee_id, s.id as student_id, o.owed::text as owed
      from (${students}) chosen
      join ${users} s on s.id = chosen.id and s.deleted_at is null
      join ${fees} on "fees"."school_id" = ${schoolId} and ${payable} and ${feeAppliesTo('s')}
      cross join lateral (select ${owedOnFee(sql`s.id`)} as owed) o
      where o.owed > 0
      order by "fees"."due_date" asc nulls last, "fees"."created_at" asc, "fees"."id" asc, s.id asc`,
  );
  return rows.map((row) => ({ feeId: row.fee_id, studentId: row.student_id, owedKobo: BigInt(row.owed) }));
}

/**
 * The other children of the student's parents that `scope` covers, for the cash desk: a parent
 * with children in two schools of a group shows the bursar only those of the bursar's schools.
 */
export async function siblingsOf(db: DbOrTx, scope: Scope, studentId: string) {
  const mine = alias(parentStudents, 'mine');
  return db
    .selectDistinct({
      id: users.id,
      firstname: users.firstname,
      middlename: users.middlename,
      lastname: users.lastname,
      regNo: users.regNo,
      school: { id: schools.id, name: schools.name },
      classArm: classArms.name,
    })
    .from(mine)
    .innerJoin(parentStudents, eq(parentStudents.parentId, mine.parentId))
    .innerJoin(users, eq(users.id, parentStudents.studentId))
    .innerJoin(schools, eq(schools.id, users.schoolId))
    .leftJoin(classArms, eq(classArms.id, users.classArmId))
    .where(
      and(
        eq(mine.studentId, studentId),
        sql`${users.id} <> ${studentId}`,
        isNull(users.deletedAt),
        inSchoolScope(scope, users.schoolId),
      ) as SQL,
    )
    .orderBy(asc(users.lastname), asc(users.firstname), asc(users.id));
}

/**
 * Families holding credit, each with the schools of their children that apply credit by
 * themselves: where waiting credit may pay a fee that has become payable since it arose.
 */
export async function familiesWithWaitingCredit(db: DbOrTx) {
  return rowsOf<{ parent_id: string; school_id: string }>(
    db,
    sql`select distinct b.parent_id, s.school_id
      from ${familyCreditBalances} b
      join ${parentStudents} ps on ps.parent_id = b.parent_id
      join ${users} s on s.id = ps.student_id and s.deleted_at is null
      join ${paymentProfiles} pp on pp.school_id = s.school_id and pp.auto_apply_credit
      where b.balance_kobo > 0
      order by b.parent_id, s.school_id`,
  );
}
