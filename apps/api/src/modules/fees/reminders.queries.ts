import type { ReminderStage } from '@schoolledger/domain';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  auditLogs,
  fees,
  parentStudents,
  paymentReminders,
  schoolReminderSettings,
  terms,
  users,
  virtualAccounts,
} from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';
import { owedOnFee } from './fee-ledger.queries.js';
import { feeAppliesTo, payable } from './fees.queries.js';

/**
 * The fees reminders may be about (payable), with what their due date is worked out from and
 * which stages their school sends (no settings row: all of them). Few rows: one per fee.
 */
export async function remindableFees(db: DbOrTx) {
  return db
    .select({
      id: fees.id,
      dueDate: fees.dueDate,
      termEndDate: terms.endDate,
      createdAt: fees.createdAt,
      dueSoon: sql<boolean>`coalesce(${schoolReminderSettings.dueSoon}, true)`,
      urgent: sql<boolean>`coalesce(${schoolReminderSettings.urgent}, true)`,
      overdue: sql<boolean>`coalesce(${schoolReminderSettings.overdue}, true)`,
    })
    .from(fees)
    .innerJoin(terms, eq(terms.id, fees.termId))
    .leftJoin(schoolReminderSettings, eq(schoolReminderSettings.schoolId, fees.schoolId))
    .where(payable);
}

export interface DueFee {
  feeId: string;
  stage: ReminderStage;
  dueDate: string;
}

/**
 * One statement for every due fee: a reminder row per (fee, stage, student who still owes it,
 * recipient), the recipients being the student and their parents. A row of an automatic stage made
 * before (the partial unique index) is left as it is, so each stage reaches each person once; a
 * 'manual' stage is a bursar's, who `createdBy` names. `recipientId` narrows it to one person's
 * reminders (their own, or those about their children). The new ids.
 */
export async function insertDueReminders(
  db: DbOrTx,
  due: readonly DueFee[],
  { recipientId, createdBy }: { recipientId?: string | undefined; createdBy?: string } = {},
) {
  if (due.length === 0) return [];
  const rows = await rowsOf<{ id: string; recipientId: string }>(
    db,
    sql`with due as (
        select * from jsonb_to_recordset(${JSON.stringify(due)}::jsonb) as d("feeId" uuid, stage text, "dueDate" date)
      ),
      owing as (
        select ${fees.schoolId} as school_id, ${fees.id} as fee_id, s.id as student_id, due.stage, due."dueDate" as due_date,
          ${owedOnFee(sql`s.id`)} as outstanding
        from due
        join ${fees} on ${fees.id} = due."feeId"
        join ${users} s on 'Student' = any(s.roles) and s.deleted_at is null and s.status = 'active' and ${feeAppliesTo('s')}
        ${
          // The person and their children first, so a sign-in looks at a few students, not the group's.
          recipientId
            ? sql`and s.id in (select ${recipientId}::uuid
                union all select ps.student_id from ${parentStudents} ps where ps.parent_id = ${recipientId})`
            : sql``
        }
      )
      insert into ${paymentReminders} (school_id, fee_id, student_id, recipient_id, stage, due_date, outstanding_kobo, created_by)
      select o.school_id, o.fee_id, o.student_id, r.recipient_id, o.stage, o.due_date, o.outstanding, ${createdBy ?? null}::uuid
      from owing o
      cross join lateral (
        select o.student_id as recipient_id
        union
        select ps.parent_id from ${parentStudents} ps
        join ${users} p on p.id = ps.parent_id and p.deleted_at is null
        where ps.student_id = o.student_id
      ) r
      where o.outstanding > 0 ${recipientId ? sql`and r.recipient_id = ${recipientId}` : sql``}
      on conflict (fee_id, student_id, recipient_id, stage) where stage <> 'manual' do nothing
      returning id, recipient_id as "recipientId"`,
  );
  return rows;
}

/** Automatic reminders made but never delivered (a run cut short); the hourly run delivers them too. */
export async function undeliveredReminders(db: DbOrTx) {
  return rowsOf<{ id: string; recipientId: string }>(
    db,
    sql`select id, recipient_id as "recipientId" from ${paymentReminders} where not sent and stage <> 'manual'`,
  );
}

export interface PendingReminder {
  id: string;
  school_id: string;
  fee_id: string;
  student_id: string;
  recipient_id: string;
  stage: ReminderStage;
  due_date: string;
  /** What is owed now, in kobo, as text. */
  owed: string;
  fee_name: string;
  term_name: string;
  student_first: string;
  student_last: string;
  payment_code: string;
  /** The family's own account at the school, where the person reminded holds one (or the student does). */
  account_number: string | null;
  account_bank: string | null;
  account_name: string | null;
}

/**
 * Unsent reminders to deliver, locked for the caller's transaction (another process skips
 * them), with what is owed now so a fee paid since the reminder was made is not asked for.
 */
export async function lockPendingReminders(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return rowsOf<PendingReminder>(
    db,
    sql`select pr.id, pr.school_id, pr.fee_id, pr.student_id, pr.recipient_id, pr.stage,
        pr.due_date::text as due_date, ${owedOnFee(sql`pr.student_id`)}::text as owed,
        ${fees.name} as fee_name, ${terms.name} as term_name, s.firstname as student_first, s.lastname as student_last,
        s.payment_code, va.account_number, va.bank_name as account_bank, va.account_name
      from ${paymentReminders} pr
      join ${fees} on ${fees.id} = pr.fee_id
      join ${terms} on ${terms.id} = ${fees.termId}
      join ${users} s on s.id = pr.student_id
      left join lateral (
        select v.account_number, v.bank_name, v.account_name from ${virtualAccounts} v
        where v.school_id = pr.school_id and v.active and v.holder_id = any(array[pr.recipient_id, pr.student_id])
        order by v.holder_id = pr.recipient_id desc limit 1
      ) va on true
      where pr.id = any(${`{${ids.join(',')}}`}::uuid[]) and not pr.sent
      for update of pr skip locked`,
  );
}

/** Marks reminders delivered, each with the notice it became (none when the person gets no in-app notices). */
export async function markRemindersSent(
  db: DbOrTx,
  sent: readonly { id: string; notificationId: string | null }[],
  at: Date,
) {
  if (sent.length === 0) return;
  await db.execute(sql`update ${paymentReminders} pr
    set sent = true, sent_at = ${at.toISOString()}::timestamptz, notification_id = d."notificationId"
    from jsonb_to_recordset(${JSON.stringify(sent)}::jsonb) as d(id uuid, "notificationId" uuid)
    where pr.id = d.id`);
}

/** Reminders about a fee that is paid by now were never sent and never will be. */
export async function deleteUnsentReminders(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return;
  await db.execute(sql`delete from ${paymentReminders} where id = any(${`{${ids.join(',')}}`}::uuid[]) and not sent`);
}

const student = alias(users, 'student');
const recipient = alias(users, 'recipient');

export interface ReminderFilters {
  feeId?: string | undefined;
  studentId?: string | undefined;
  schoolId?: string | undefined;
  sent?: boolean | undefined;
}

function reminderWhere(scope: Scope, filters: ReminderFilters) {
  return and(
    inSchoolScope(scope, paymentReminders.schoolId),
    filters.schoolId ? eq(paymentReminders.schoolId, filters.schoolId) : undefined,
    filters.feeId ? eq(paymentReminders.feeId, filters.feeId) : undefined,
    filters.studentId ? eq(paymentReminders.studentId, filters.studentId) : undefined,
    filters.sent === undefined ? undefined : eq(paymentReminders.sent, filters.sent),
  );
}

const reminderColumns = {
  reminder: paymentReminders,
  feeName: fees.name,
  studentFirst: student.firstname,
  studentLast: student.lastname,
  recipientFirst: recipient.firstname,
  recipientLast: recipient.lastname,
};

function selectReminders(db: DbOrTx) {
  return db
    .select(reminderColumns)
    .from(paymentReminders)
    .innerJoin(fees, eq(fees.id, paymentReminders.feeId))
    .innerJoin(student, eq(student.id, paymentReminders.studentId))
    .innerJoin(recipient, eq(recipient.id, paymentReminders.recipientId));
}

export type ReminderRow = Awaited<ReturnType<typeof listReminders>>[number];

export async function listReminders(
  db: DbOrTx,
  scope: Scope,
  filters: ReminderFilters,
  page: { limit: number; offset: number },
) {
  return selectReminders(db)
    .where(reminderWhere(scope, filters))
    .orderBy(desc(paymentReminders.createdAt), asc(paymentReminders.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countReminders(db: DbOrTx, scope: Scope, filters: ReminderFilters) {
  const [row] = await db.select({ n: count() }).from(paymentReminders).where(reminderWhere(scope, filters));
  return row?.n ?? 0;
}

export async function findReminders(db: DbOrTx, scope: Scope, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return selectReminders(db).where(
    and(
      inSchoolScope(scope, paymentReminders.schoolId),
      sql`${paymentReminders.id} = any(${`{${ids.join(',')}}`}::uuid[])`,
    ),
  );
}

/** A fee, whether it applies to the student, and what they still owe on it (kobo, as text). */
export async function feeOwedByStudent(db: DbOrTx, feeId: string, studentId: string) {
  const [row] = await rowsOf<{
    school_id: string;
    payable: boolean;
    applies: boolean;
    owed: string;
    due_date: string | null;
    term_end: string;
    created_at: string;
  }>(
    db,
    sql`select ${fees.schoolId} as school_id, ${payable} as payable, s.id is not null as applies,
        ${owedOnFee(sql`s.id`)}::text as owed, ${fees.dueDate}::text as due_date, ${terms.endDate}::text as term_end,
        ${fees.createdAt} as created_at
      from ${fees}
      join ${terms} on ${terms.id} = ${fees.termId}
      left join ${users} s on s.id = ${studentId} and 'Student' = any(s.roles) and s.deleted_at is null and ${feeAppliesTo('s')}
      where ${fees.id} = ${feeId} and ${fees.deletedAt} is null`,
  );
  return row;
}

/** A fee a bursar may remind its debtors of, with what its due date is worked out from. */
export async function feeToRemind(db: DbOrTx, feeId: string) {
  const [row] = await rowsOf<{
    school_id: string;
    name: string;
    payable: boolean;
    due_date: string | null;
    term_end: string;
    created_at: string;
  }>(
    db,
    sql`select ${fees.schoolId} as school_id, ${fees.name} as name, ${payable} as payable,
        ${fees.dueDate}::text as due_date, ${terms.endDate}::text as term_end, ${fees.createdAt} as created_at
      from ${fees}
      join ${terms} on ${terms.id} = ${fees.termId}
      where ${fees.id} = ${feeId} and ${fees.deletedAt} is null`,
  );
  return row;
}

export const BULK_REMINDER_ACTION = 'reminders.bulk_sent';

/** One bulk reminder of a fee at a time: the second waits, then sees the first in the trail. */
export async function lockFeeReminders(tx: DbOrTx, feeId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`fee-reminders:${feeId}`}, 0))`);
}

/**
 * When the fee's debtors were all reminded by hand on the Lagos day `day`, from the audit trail
 * (its row says the day; the last two days of the school's trail are all it reads).
 */
export async function bulkReminderOn(
  db: DbOrTx,
  { schoolId, feeId, day }: { schoolId: string; feeId: string; day: string },
) {
  const [row] = await db
    .select({ at: auditLogs.createdAt })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.schoolId, schoolId),
        gt(auditLogs.createdAt, sql`now() - interval '2 days'`),
        eq(auditLogs.entity, 'fee'),
        eq(auditLogs.entityId, feeId),
        eq(auditLogs.action, BULK_REMINDER_ACTION),
        sql`${auditLogs.after} ->> 'day' = ${day}`,
      ),
    )
    .limit(1);
  return row?.at;
}

/** A bursar's reminder of one fee to the student and each of their parents, unsent; the new ids. */
export async function insertManualReminders(
  db: DbOrTx,
  values: { schoolId: string; feeId: string; studentId: string; dueDate: string; owedKobo: bigint; createdBy: string },
) {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`insert into ${paymentReminders} (school_id, fee_id, student_id, recipient_id, stage, due_date, outstanding_kobo, created_by)
      select ${values.schoolId}, ${values.feeId}, ${values.studentId}, r.recipient_id, 'manual', ${values.dueDate}::date,
        ${values.owedKobo.toString()}::bigint, ${values.createdBy}
      from (
        select ${values.studentId}::uuid as recipient_id
        union
        select ps.parent_id from ${parentStudents} ps
        join ${users} p on p.id = ps.parent_id and p.deleted_at is null
        where ps.student_id = ${values.studentId}
      ) r
      returning id`,
  );
  return rows.map((row) => row.id);
}

export async function findReminderSettings(db: DbOrTx, schoolId: string) {
  const [row] = await db.select().from(schoolReminderSettings).where(eq(schoolReminderSettings.schoolId, schoolId));
  return row;
}

export async function saveReminderSettings(
  db: DbOrTx,
  values: { schoolId: string; dueSoon: boolean; urgent: boolean; overdue: boolean; updatedBy: string },
) {
  const [row] = await db
    .insert(schoolReminderSettings)
    .values(values)
    .onConflictDoUpdate({
      target: schoolReminderSettings.schoolId,
      set: {
        dueSoon: values.dueSoon,
        urgent: values.urgent,
        overdue: values.overdue,
        updatedBy: values.updatedBy,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}
