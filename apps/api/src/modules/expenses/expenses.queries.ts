import type { ExpenseStatus } from '@schoolledger/domain';
import { and, asc, count, desc, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.js';
import { personMatches } from '../../db/person-search.js';
import { rowsOf } from '../../db/rows.js';
import {
  academicSessions,
  expenseAttachments,
  expenseEvents,
  expensePayouts,
  expensePolicies,
  expenses,
  schoolExpenseCounters,
  schools,
  terms,
  users,
  vendors,
} from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

const payeeUser = alias(users, 'expense_payee');
const creator = alias(users, 'expense_creator');
const decider = alias(users, 'expense_decider');
const actor = alias(users, 'expense_event_actor');
const uploader = alias(users, 'expense_attachment_uploader');
const payer = alias(users, 'expense_payer');
type PersonTable =
  | typeof users
  | typeof payeeUser
  | typeof creator
  | typeof decider
  | typeof actor
  | typeof uploader
  | typeof payer;
const person = (table: PersonTable) => ({
  id: table.id,
  firstname: table.firstname,
  middlename: table.middlename,
  lastname: table.lastname,
});

const columns = {
  expense: expenses,
  school: { id: schools.id, name: schools.name, groupSchoolId: schools.groupSchoolId },
  session: { id: academicSessions.id, name: academicSessions.name },
  term: { id: terms.id, name: terms.name },
  payeeUser: person(payeeUser),
  vendor: {
    id: vendors.id,
    name: vendors.name,
    bankCode: vendors.bankCode,
    bankName: vendors.bankName,
    accountNumber: vendors.accountNumber,
    accountName: vendors.accountName,
  },
  createdBy: person(creator),
  decidedBy: person(decider),
  attachmentCount: sql<number>`(select count(*) from ${expenseAttachments} where ${expenseAttachments.expenseId} = ${expenses.id})::int`,
};

function joined(db: DbOrTx) {
  return db
    .select(columns)
    .from(expenses)
    .innerJoin(schools, eq(schools.id, expenses.schoolId))
    .innerJoin(academicSessions, eq(academicSessions.id, expenses.sessionId))
    .innerJoin(terms, eq(terms.id, expenses.termId))
    .leftJoin(payeeUser, eq(payeeUser.id, expenses.payeeUserId))
    .leftJoin(vendors, eq(vendors.id, expenses.vendorId))
    .leftJoin(creator, eq(creator.id, expenses.createdBy))
    .leftJoin(decider, eq(decider.id, expenses.decidedBy));
}

export async function listExpenses(db: DbOrTx, where: SQL, page: { limit: number; offset: number }) {
  return joined(db)
    .where(where)
    .orderBy(desc(expenses.createdAt), desc(expenses.id))
    .limit(page.limit)
    .offset(page.offset);
}

export type ExpenseRow = Awaited<ReturnType<typeof listExpenses>>[number];
export type ExpenseRecord = typeof expenses.$inferSelect;
export type ExpenseValues = typeof expenses.$inferInsert;

export async function countExpenses(db: DbOrTx, where: SQL) {
  const [row] = await db.select({ n: count() }).from(expenses).where(where);
  return row?.n ?? 0;
}

export async function findExpense(db: DbOrTx, where: SQL, id: string) {
  const [row] = await joined(db).where(and(where, eq(expenses.id, id)));
  return row;
}

/** The bare row, locked: transitions, payouts and reversals of one expense take turns on it. */
export async function lockExpense(tx: Tx, where: SQL, id: string) {
  const [row] = await tx
    .select()
    .from(expenses)
    .where(and(where, eq(expenses.id, id)))
    .for('update');
  return row;
}

export async function insertExpense(tx: DbOrTx, values: ExpenseValues) {
  const [row] = await tx.insert(expenses).values(values).returning();
  return row!;
}

export async function updateExpense(tx: Tx, id: string, values: Partial<ExpenseValues>) {
  const [row] = await tx.update(expenses).set(values).where(eq(expenses.id, id)).returning();
  return row!;
}

/**
 * Waiting for this person's decision: pending, neither recorded, submitted nor changed in amount
 * or payee by them, not paying them, within what they may approve.
 */
export interface AwaitingApprover {
  userId: string;
  /** A proprietor or the admin: expenses above the school's threshold too. */
  abovePolicy: boolean;
}

/** The expenses of the schools in scope, narrowed by what is given. */
export function expensesWhere(
  scope: Scope,
  filters: {
    schoolId?: string | undefined;
    termId?: string | undefined;
    status?: ExpenseStatus | undefined;
    category?: ExpenseRecord['category'] | undefined;
    vendorId?: string | undefined;
    search?: string | undefined;
    awaiting?: AwaitingApprover | undefined;
  } = {},
): SQL {
  const pattern = filters.search && `%${filters.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const { awaiting } = filters;
  return and(
    inSchoolScope(scope, expenses.schoolId),
    filters.schoolId ? eq(expenses.schoolId, filters.schoolId) : undefined,
    filters.termId ? eq(expenses.termId, filters.termId) : undefined,
    filters.status ? eq(expenses.status, filters.status) : undefined,
    filters.category ? eq(expenses.category, filters.category) : undefined,
    filters.vendorId ? eq(expenses.vendorId, filters.vendorId) : undefined,
    pattern
      ? sql`(${expenses.title} ilike ${pattern} or ${expenses.reference} ilike ${pattern} or ${expenses.payeeName} ilike ${pattern})`
      : undefined,
    awaiting
      ? and(
          eq(expenses.status, 'pending_approval'),
          or(isNull(expenses.createdBy), ne(expenses.createdBy, awaiting.userId)),
          or(isNull(expenses.submittedBy), ne(expenses.submittedBy, awaiting.userId)),
          sql`not (${awaiting.userId}::uuid = any(${expenses.amountPayeeEditors}))`,
          or(isNull(expenses.payeeUserId), ne(expenses.payeeUserId, awaiting.userId)),
          awaiting.abovePolicy
            ? undefined
            : and(
                eq(expenses.needsProprietor, false),
                // Nor above the school's threshold as it is now, which approval checks again.
                sql`${expenses.amountKobo} <= coalesce((select ${expensePolicies.proprietorAboveKobo} from ${expensePolicies} where ${expensePolicies.schoolId} = ${expenses.schoolId}), ${expenses.amountKobo})`,
              ),
        )
      : undefined,
  )!;
}

/**
 * The school's next expense reference or payment voucher number. Call only inside the transaction
 * that uses it: the counter row stays locked until it commits, so concurrent requests take turns,
 * and a rollback gives the number back (no gaps, no duplicates).
 */
export async function nextExpenseNumber(tx: DbOrTx, schoolId: string, counter: 'expense' | 'voucher') {
  const first = counter === 'expense' ? { lastExpense: 1 } : { lastVoucher: 1 };
  const column = counter === 'expense' ? schoolExpenseCounters.lastExpense : schoolExpenseCounters.lastVoucher;
  const next = counter === 'expense' ? { lastExpense: sql`${column} + 1` } : { lastVoucher: sql`${column} + 1` };
  const [row] = await tx
    .insert(schoolExpenseCounters)
    .values({ schoolId, ...first })
    .onConflictDoUpdate({ target: schoolExpenseCounters.schoolId, set: next })
    .returning({ n: column });
  return row!.n;
}

/** Expenses above this need a proprietor's approval; null when the school set no threshold. */
export async function proprietorThreshold(db: DbOrTx, schoolId: string): Promise<bigint | null> {
  const [row] = await db
    .select({ above: expensePolicies.proprietorAboveKobo })
    .from(expensePolicies)
    .where(eq(expensePolicies.schoolId, schoolId));
  return row?.above ?? null;
}

export async function findSchoolGroup(db: DbOrTx, schoolId: string) {
  const [row] = await db
    .select({ id: schools.id, groupSchoolId: schools.groupSchoolId })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return row;
}

export async function termOfSession(db: DbOrTx, termId: string, sessionId: string) {
  const [row] = await db
    .select({ id: terms.id })
    .from(terms)
    .where(and(eq(terms.id, termId), eq(terms.sessionId, sessionId)));
  return row;
}

/** Staff: active people of the school whose roles are more than Student and Parent. */
const isStaff = sql`${users.deletedAt} is null and ${users.status} = 'active' and not (${users.roles} <@ array['Student', 'Parent']::text[])`;

export async function findStaffMember(db: DbOrTx, schoolId: string, userId: string) {
  const [row] = await db
    .select(person(users))
    .from(users)
    .where(and(eq(users.id, userId), eq(users.schoolId, schoolId), isStaff));
  return row;
}

/** The school's staff by name, for the payee picker. */
export async function listStaff(db: DbOrTx, schoolId: string, search: string | undefined) {
  return db
    .select({ ...person(users), email: users.email, roles: users.roles })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), isStaff, search ? personMatches(search) : undefined))
    .orderBy(users.lastname, users.firstname, users.id)
    .limit(100);
}

/* History */

export async function insertEvent(tx: DbOrTx, values: typeof expenseEvents.$inferInsert) {
  await tx.insert(expenseEvents).values(values);
}

export async function listEvents(db: DbOrTx, expenseId: string) {
  return db
    .select({ event: expenseEvents, actor: person(actor) })
    .from(expenseEvents)
    .leftJoin(actor, eq(actor.id, expenseEvents.actorId))
    .where(eq(expenseEvents.expenseId, expenseId))
    .orderBy(asc(expenseEvents.createdAt), asc(expenseEvents.id));
}

export type ExpenseEventRow = Awaited<ReturnType<typeof listEvents>>[number];

/* Attachments */

export async function listAttachments(db: DbOrTx, expenseId: string) {
  return db
    .select({ attachment: expenseAttachments, uploadedBy: person(uploader) })
    .from(expenseAttachments)
    .leftJoin(uploader, eq(uploader.id, expenseAttachments.uploadedBy))
    .where(eq(expenseAttachments.expenseId, expenseId))
    .orderBy(asc(expenseAttachments.createdAt), asc(expenseAttachments.id));
}

export type ExpenseAttachmentRow = Awaited<ReturnType<typeof listAttachments>>[number];

export async function findAttachment(db: DbOrTx, expenseId: string, attachmentId: string) {
  const [row] = await db
    .select()
    .from(expenseAttachments)
    .where(and(eq(expenseAttachments.id, attachmentId), eq(expenseAttachments.expenseId, expenseId)));
  return row;
}

export async function insertAttachment(tx: DbOrTx, values: typeof expenseAttachments.$inferInsert) {
  const [row] = await tx.insert(expenseAttachments).values(values).returning();
  return row!;
}

export async function deleteAttachmentRow(tx: DbOrTx, id: string) {
  await tx.delete(expenseAttachments).where(eq(expenseAttachments.id, id));
}

/* Payouts */

const reversed = alias(expensePayouts, 'reversed_payout');
const reversal = alias(expensePayouts, 'reversal_payout');

export async function listPayouts(db: DbOrTx, expenseId: string) {
  return db
    .select({
      payout: expensePayouts,
      reverses: { id: reversed.id, voucherNo: reversed.voucherNo },
      reversedBy: { id: reversal.id, voucherNo: reversal.voucherNo },
      createdBy: person(payer),
    })
    .from(expensePayouts)
    .leftJoin(reversed, eq(reversed.id, expensePayouts.reversesId))
    .leftJoin(reversal, eq(reversal.reversesId, expensePayouts.id))
    .leftJoin(payer, eq(payer.id, expensePayouts.createdBy))
    .where(eq(expensePayouts.expenseId, expenseId))
    .orderBy(asc(expensePayouts.createdAt), asc(expensePayouts.id));
}

export type ExpensePayoutRow = Awaited<ReturnType<typeof listPayouts>>[number];

/** A payout of the expense and, when it has one, its reversal. */
export async function findPayout(db: DbOrTx, expenseId: string, payoutId: string) {
  const [row] = await db
    .select({ payout: expensePayouts, reversalId: reversal.id })
    .from(expensePayouts)
    .leftJoin(reversal, eq(reversal.reversesId, expensePayouts.id))
    .where(and(eq(expensePayouts.id, payoutId), eq(expensePayouts.expenseId, expenseId)));
  return row;
}

export async function insertPayout(tx: DbOrTx, values: typeof expensePayouts.$inferInsert) {
  const [row] = await tx.insert(expensePayouts).values(values).returning();
  return row!;
}

/**
 * What a payment voucher prints besides the expense: the payout (with the payee and account it
 * went to, as fixed on its row), the payout it reverses and the payer.
 */
export async function voucherFacts(db: DbOrTx, expenseId: string, payoutId: string) {
  const [row] = await db
    .select({
      payout: expensePayouts,
      reverses: { id: reversed.id, voucherNo: reversed.voucherNo },
      paidBy: person(payer),
    })
    .from(expensePayouts)
    .leftJoin(reversed, eq(reversed.id, expensePayouts.reversesId))
    .leftJoin(payer, eq(payer.id, expensePayouts.createdBy))
    .where(and(eq(expensePayouts.id, payoutId), eq(expensePayouts.expenseId, expenseId)));
  return row;
}

/** A vendor's approved bank account, which an expense's approval fixes. */
export async function vendorAccount(db: DbOrTx, vendorId: string) {
  const [row] = await db
    .select({
      payeeBankCode: vendors.bankCode,
      payeeBankName: vendors.bankName,
      payeeAccountNumber: vendors.accountNumber,
      payeeAccountName: vendors.accountName,
    })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  return row;
}

/**
 * The school's session that `day` falls in and that is closed (marked inactive): its books are
 * closed, so no payout is dated in it.
 */
export async function closedSessionOn(db: DbOrTx, schoolId: string, day: string) {
  const [row] = await db
    .select({ name: academicSessions.name })
    .from(academicSessions)
    .where(
      and(
        eq(academicSessions.schoolId, schoolId),
        eq(academicSessions.isActive, false),
        sql`${day}::date between ${academicSessions.startDate} and ${academicSessions.endDate}`,
      ),
    )
    .limit(1);
  return row;
}

/* Who hears about an expense */

/**
 * Who may approve a school's expense: its Principals and the Proprietors of its group, or only
 * the Proprietors when it is above the school's threshold. Never the person who sent it, nor
 * who recorded it, changed its amount or payee, or is its staff payee.
 */
export async function approversOf(
  db: DbOrTx,
  expense: Pick<ExpenseRecord, 'schoolId' | 'needsProprietor' | 'createdBy' | 'payeeUserId' | 'amountPayeeEditors'>,
  senderId: string,
): Promise<string[]> {
  const excluded = [senderId, expense.createdBy, expense.payeeUserId, ...expense.amountPayeeEditors].filter(
    (id): id is string => id !== null,
  );
  const principals = expense.needsProprietor
    ? sql`false`
    : sql`(u.school_id = ${expense.schoolId} and 'Principal' = any(u.roles))`;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select u.id from ${users} u
      join ${schools} sc on sc.id = u.school_id
      where u.deleted_at is null and u.status = 'active' and u.id <> all(${`{${excluded.join(',')}}`}::uuid[])
        and (${principals}
          or ('Proprietor' = any(u.roles)
            and sc.group_school_id = (select group_school_id from ${schools} where id = ${expense.schoolId})))`,
  );
  return rows.map((row) => row.id);
}
