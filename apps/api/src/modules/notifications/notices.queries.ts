import { PERMISSIONS, type Permission } from '@schoolledger/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  feeAdjustments,
  fees,
  parentStudents,
  payments,
  schools,
  terms,
  users,
  virtualAccounts,
} from '../../db/schema.js';
import { allWrittenIn } from '../../db/written-in.js';

/** What a payment's notices say of whom and what it was for, with the student's linked parents. */
const payeeColumns = {
  feeName: fees.name,
  termName: terms.name,
  studentFirstname: users.firstname,
  studentLastname: users.lastname,
  parentIds: sql<string[]>`coalesce((
    select array_agg(distinct ps.parent_id) from ${parentStudents} ps where ps.student_id = ${users.id}
  ), '{}')`,
};

/**
 * What a notice about a payment (or a refund row) says: the row, its fee and term, and whose it
 * is, with the student's parents (who hear of it too) in the same read.
 */
export async function paymentFacts(db: DbOrTx, paymentId: string) {
  const [row] = await db
    .select({ payment: payments, ...payeeColumns })
    .from(payments)
    .innerJoin(fees, eq(fees.id, payments.feeId))
    .innerJoin(terms, eq(terms.id, fees.termId))
    .innerJoin(users, eq(users.id, payments.studentId))
    .where(eq(payments.id, paymentId));
  return row;
}

/** A payment's student and fee, as `payeesFacts` keys its answer. */
export const payeeKey = (line: { studentId: string; feeId: string }) => `${line.studentId}:${line.feeId}`;

/**
 * `paymentFacts` without the payment, for payments about to be written, in one read: by
 * `payeeKey`, each with its school's money watchers but `watchersExcept` (`moneyWatchersOf`).
 */
export async function payeesFacts(
  db: DbOrTx,
  lines: readonly { studentId: string; feeId: string }[],
  watchersExcept: readonly (string | null)[],
) {
  const rows = await db
    .select({
      studentId: users.id,
      feeId: fees.id,
      ...payeeColumns,
      moneyWatchers: sql<string[]>`array(${staffIds(sql`${fees.schoolId}`, MONEY_WATCHERS, watchersExcept)})`,
    })
    .from(fees)
    .innerJoin(terms, eq(terms.id, fees.termId))
    .innerJoin(users, inArray(users.id, [...new Set(lines.map((line) => line.studentId))]))
    .where(inArray(fees.id, [...new Set(lines.map((line) => line.feeId))]));
  return new Map(rows.map(({ studentId, feeId, ...facts }) => [payeeKey({ studentId, feeId }), facts]));
}

export type PaymentFacts = NonNullable<Awaited<ReturnType<typeof paymentFacts>>>;

/** The parents linked to any of the students. */
export async function parentsOf(db: DbOrTx, studentIds: readonly string[]): Promise<string[]> {
  if (studentIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: parentStudents.parentId })
    .from(parentStudents)
    .where(inArray(parentStudents.studentId, [...studentIds]));
  return rows.map((row) => row.id);
}

/**
 * How each person pays a school by transfer: their own payment code, and their family's own account
 * there where they hold one (a parent's, or a student's with no parent).
 */
export async function transferWaysOf(db: DbOrTx, schoolId: string, personIds: readonly string[]) {
  if (personIds.length === 0) return new Map<string, TransferWay>();
  const rows = await db
    .select({
      id: users.id,
      paymentCode: users.paymentCode,
      accountNumber: virtualAccounts.accountNumber,
      bankName: virtualAccounts.bankName,
      accountName: virtualAccounts.accountName,
    })
    .from(users)
    .leftJoin(
      virtualAccounts,
      and(
        eq(virtualAccounts.holderId, users.id),
        eq(virtualAccounts.schoolId, schoolId),
        eq(virtualAccounts.active, true),
      ),
    )
    .where(inArray(users.id, [...personIds]));
  return new Map(rows.map(({ id, ...way }) => [id, way]));
}
export interface TransferWay {
  paymentCode: string;
  accountNumber: string | null;
  bankName: string | null;
  accountName: string | null;
}

/** A fee with what its notices say: term, the dates its due date derives from, and its authors. */
export async function feeFacts(db: DbOrTx, feeId: string) {
  const [row] = await db
    .select({ fee: fees, termName: terms.name, termEndDate: terms.endDate })
    .from(fees)
    .innerJoin(terms, eq(terms.id, fees.termId))
    .where(eq(fees.id, feeId));
  return row;
}

/** An adjustment (a late fee, a discount) with what its notice says: the fee and term it is on, and whose it is. */
export async function lateFeeFacts(db: DbOrTx, adjustmentId: string) {
  const [row] = await db
    .select({
      adjustment: feeAdjustments,
      feeName: fees.name,
      termName: terms.name,
      studentFirstname: users.firstname,
      studentLastname: users.lastname,
    })
    .from(feeAdjustments)
    .innerJoin(fees, eq(fees.id, feeAdjustments.feeId))
    .innerJoin(terms, eq(terms.id, fees.termId))
    .innerJoin(users, eq(users.id, feeAdjustments.studentId))
    .where(eq(feeAdjustments.id, adjustmentId));
  return row;
}

export async function personName(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstname} ${row.lastname}` : null;
}

/** The sign-in email and roles of new accounts, for their welcome notice. */
export async function newAccounts(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, roles: users.roles })
    .from(users)
    .where(inArray(users.id, [...userIds]));
}

/** Who `staffOf` looks for: staff of the school with one of `schoolRoles`, and its group's Proprietors when `group`. */
interface StaffWanted {
  schoolRoles: readonly string[];
  group: boolean;
}

/**
 * The ids of the active staff `who` of a school, but none of `except`, as a statement that may sit
 * inside a larger one, whose `school` names the school.
 */
function staffIds(school: SQL, who: StaffWanted, except: readonly (string | null)[]) {
  const excluded = `{${except.filter((id): id is string => id !== null).join(',')}}`;
  // Two reads joined rather than one with an OR, so each finds its few staff through the roles
  // index instead of reading every student of the group (15 ms against 0.2 at 50,000 students).
  const active = sql`u.deleted_at is null and u.status = 'active' and u.id <> all(${excluded}::uuid[])`;
  // The roles and the group's part are written in, not bound: the generic plan guessed at how
  // many people hold a role, was dearer than the plans made per call and so never kept, and the
  // statement was planned on every payment (db/written-in.ts).
  return sql`select u.id from ${users} u
      where ${active} and u.school_id = ${school} and u.roles && ${allWrittenIn(who.schoolRoles)}
      union
      select u.id from ${users} u
      where ${who.group ? sql`true` : sql`false`} and ${active} and u.roles @> '{Proprietor}'::text[]
        and u.school_id in (select g.id from ${schools} g
          where g.group_school_id = (select group_school_id from ${schools} where id = ${school}))`;
}

async function staffOf(db: DbOrTx, schoolId: string, who: StaffWanted, except: readonly (string | null)[]) {
  const rows = await rowsOf<{ id: string }>(db, staffIds(sql`${schoolId}`, who, except));
  return rows.map((row) => row.id);
}

/** A school's money watchers (`moneyWatchersOf`). */
const MONEY_WATCHERS: StaffWanted = { schoolRoles: ['Bursar'], group: true };

/**
 * Who hears of a school's money (a payment credited, a dispute, a refund that failed): its
 * Bursars, and the Proprietors of its group, who hear of its budgets too. Never `except` (the
 * person who took the money at the desk hears nothing of their own act).
 */
export const moneyWatchersOf = (db: DbOrTx, schoolId: string, except: readonly (string | null)[] = []) =>
  staffOf(db, schoolId, MONEY_WATCHERS, except);

/**
 * Who hears that a school's books disagree with the records they were posted from: its Auditors,
 * who read the books, and its ICT administrators, who look after the system (`readers` false).
 */
export const booksWatchersOf = (db: DbOrTx, schoolId: string, readers: boolean, except: readonly (string | null)[]) =>
  staffOf(db, schoolId, { schoolRoles: readers ? ['Auditor'] : ['ICT_administrator'], group: false }, except);

/**
 * Who may act on something of the school that waits for `permission` (a fee or an adjustment to
 * approve, a transfer to confirm): the school's staff whose role holds it, and its group's
 * Proprietors when theirs does. The super-admin, who belongs to no school, is not told of every
 * school's every request. Never `except`: the people four eyes keep from deciding it.
 */
export function mayActOn(db: DbOrTx, schoolId: string, permission: Permission, except: readonly (string | null)[]) {
  const roles: readonly string[] = PERMISSIONS[permission];
  return staffOf(
    db,
    schoolId,
    { schoolRoles: roles.filter((role) => role !== 'Proprietor'), group: roles.includes('Proprietor') },
    except,
  );
}
