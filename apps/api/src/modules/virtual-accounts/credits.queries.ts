import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import { fees, payments, users, virtualAccountCredits, virtualAccounts } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export type ArrivalRow = typeof virtualAccountCredits.$inferSelect;
export type ArrivalValues = typeof virtualAccountCredits.$inferInsert;

/**
 * Records a transfer that arrived, once: `undefined` when its provider transaction is recorded
 * already. A second delivery being credited at the same moment waits here for the first one's
 * transaction and then finds the key taken.
 */
export async function insertArrival(db: DbOrTx, values: ArrivalValues): Promise<ArrivalRow | undefined> {
  const [row] = await db
    .insert(virtualAccountCredits)
    .values(values)
    .onConflictDoNothing({ target: [virtualAccountCredits.provider, virtualAccountCredits.providerTransactionId] })
    .returning();
  return row;
}

export async function updateArrival(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<ArrivalValues, 'status' | 'reason' | 'unplacedKobo' | 'paymentIds'>>,
): Promise<ArrivalRow> {
  const [row] = await db.update(virtualAccountCredits).set(changes).where(eq(virtualAccountCredits.id, id)).returning();
  return row!;
}

export interface ArrivalFilters {
  schoolId: string;
  status?: ArrivalRow['status'] | undefined;
  accountId?: string | undefined;
}

function arrivalsWhere(scope: Scope, filters: ArrivalFilters) {
  return and(
    inSchoolScope(scope, virtualAccountCredits.schoolId),
    eq(virtualAccountCredits.schoolId, filters.schoolId),
    filters.status ? eq(virtualAccountCredits.status, filters.status) : undefined,
    filters.accountId ? eq(virtualAccountCredits.accountId, filters.accountId) : undefined,
  );
}

const holder = alias(users, 'holder');

/** A school's arrivals, newest first, each with its account and holder. */
export async function listArrivals(
  db: DbOrTx,
  scope: Scope,
  filters: ArrivalFilters,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      arrival: virtualAccountCredits,
      account: {
        id: virtualAccounts.id,
        accountNumber: virtualAccounts.accountNumber,
        holderKind: virtualAccounts.holderKind,
      },
      holder: { id: holder.id, firstname: holder.firstname, middlename: holder.middlename, lastname: holder.lastname },
    })
    .from(virtualAccountCredits)
    .leftJoin(virtualAccounts, eq(virtualAccounts.id, virtualAccountCredits.accountId))
    .leftJoin(holder, eq(holder.id, virtualAccounts.holderId))
    .where(arrivalsWhere(scope, filters))
    .orderBy(desc(virtualAccountCredits.createdAt), desc(virtualAccountCredits.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type ListedArrival = Awaited<ReturnType<typeof listArrivals>>[number];

export async function countArrivals(db: DbOrTx, scope: Scope, filters: ArrivalFilters) {
  const [row] = await db.select({ n: count() }).from(virtualAccountCredits).where(arrivalsWhere(scope, filters));
  return row?.n ?? 0;
}

const student = alias(users, 'student');

/** The payments arrivals became, with their fee and child, for the lines of a list page. */
export async function paymentsOfArrivals(db: DbOrTx, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      id: payments.id,
      receiptNo: payments.receiptNo,
      amountKobo: payments.amountKobo,
      fee: { id: fees.id, name: fees.name },
      student: {
        id: student.id,
        firstname: student.firstname,
        middlename: student.middlename,
        lastname: student.lastname,
      },
    })
    .from(payments)
    .innerJoin(fees, eq(fees.id, payments.feeId))
    .innerJoin(student, eq(student.id, payments.studentId))
    .where(inArray(payments.id, [...paymentIds]));
}
export type ArrivalPayment = Awaited<ReturnType<typeof paymentsOfArrivals>>[number];

/** Which of these provider transaction ids have an arrival already (credited, held or ignored). */
export async function arrivedAlready(db: DbOrTx, provider: ArrivalRow['provider'], transactionIds: readonly string[]) {
  if (transactionIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: virtualAccountCredits.providerTransactionId })
    .from(virtualAccountCredits)
    .where(
      and(
        eq(virtualAccountCredits.provider, provider),
        inArray(virtualAccountCredits.providerTransactionId, [...transactionIds]),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
