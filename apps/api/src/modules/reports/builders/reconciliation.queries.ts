import { LAGOS, ONLINE_METHODS, todayIn } from '@schoolledger/domain';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { ReadDb } from '../../../db/client.js';
import {
  auditLogs,
  bankStatementLines,
  paymentReviews,
  payments,
  providerSettlements,
  schools,
  users,
} from '../../../db/schema.js';
import { inRange, type ResolvedReport } from '../report-definition.js';
import { personName } from './person-name.js';

const student = alias(users, 'student');
const original = alias(payments, 'original');

/** Every list of this report is of the payments started, claimed or refunded in the period. */
const madeInPeriod = (report: ResolvedReport) =>
  and(report.inSchools(payments.schoolId), inRange(payments.createdAt, report.range));

const paymentFields = {
  school: schools.name,
  reference: payments.reference,
  student: personName(student),
  method: payments.method,
  amountKobo: payments.amountKobo,
};

/**
 * The provider's word on each payment it was asked about: the status its last verification
 * answered, as the audit trail recorded it with the credit, review or failure it led to.
 */
function lastProviderWord(db: ReadDb, report: ResolvedReport) {
  const providerStatus = sql<string>`${auditLogs.after} ->> 'providerStatus'`;
  return db.$with('last_provider_word').as(
    db
      .selectDistinctOn([auditLogs.entityId], {
        paymentId: auditLogs.entityId,
        providerStatus: providerStatus.as('provider_status'),
      })
      .from(auditLogs)
      .where(
        and(
          report.inSchools(auditLogs.schoolId),
          eq(auditLogs.entity, 'payment'),
          isNotNull(providerStatus),
          // A payment is verified after it is started: entries before the period are not about its payments.
          inRange(auditLogs.createdAt, report.range && { from: report.range.from, to: todayIn(LAGOS, report.now) }),
        ),
      )
      .orderBy(auditLogs.entityId, desc(auditLogs.createdAt), desc(auditLogs.seq)),
  );
}

/** Online payments per provider, our status and the provider's last word, with their amounts. */
export function onlineByProvider(db: ReadDb, report: ResolvedReport) {
  const word = lastProviderWord(db, report);
  return db
    .with(word)
    .select({
      method: payments.method,
      status: payments.status,
      providerStatus: word.providerStatus,
      payments: sql<number>`count(*)::int`,
      amountKobo: sql<bigint>`sum(${payments.amountKobo})::bigint::text`.mapWith(BigInt),
    })
    .from(payments)
    .leftJoin(word, eq(word.paymentId, payments.id))
    .where(and(madeInPeriod(report), eq(payments.kind, 'payment'), inArray(payments.method, [...ONLINE_METHODS])))
    .groupBy(payments.method, payments.status, word.providerStatus)
    .orderBy(payments.method, payments.status, word.providerStatus);
}

/** Payments held because the provider's answer did not match ours, still waiting for a person. */
export function openReviews(db: ReadDb, report: ResolvedReport) {
  return db
    .select({
      ...paymentFields,
      reportedKobo: paymentReviews.reportedKobo,
      reason: paymentReviews.reason,
      since: paymentReviews.createdAt,
    })
    .from(paymentReviews)
    .innerJoin(payments, eq(payments.id, paymentReviews.paymentId))
    .innerJoin(student, eq(student.id, payments.studentId))
    .innerJoin(schools, eq(schools.id, payments.schoolId))
    .where(and(madeInPeriod(report), eq(paymentReviews.status, 'open')))
    .orderBy(paymentReviews.createdAt, payments.reference);
}

/** Bank transfers a payer reported that the bursary has neither confirmed nor rejected, oldest first. */
export function unconfirmedTransfers(db: ReadDb, report: ResolvedReport) {
  const today = sql`(${report.now.toISOString()}::timestamptz at time zone 'Africa/Lagos')::date`;
  return db
    .select({
      ...paymentFields,
      bankReference: payments.payerBankReference,
      claimedAt: payments.createdAt,
      daysWaiting: sql<number>`${today} - (${payments.createdAt} at time zone 'Africa/Lagos')::date`,
    })
    .from(payments)
    .innerJoin(student, eq(student.id, payments.studentId))
    .innerJoin(schools, eq(schools.id, payments.schoolId))
    .where(
      and(
        madeInPeriod(report),
        eq(payments.kind, 'payment'),
        eq(payments.method, 'bank_transfer'),
        eq(payments.status, 'pending'),
      ),
    )
    .orderBy(payments.createdAt, payments.reference);
}

/** Refunds made in the period, each with the receipt of the payment it gives back. */
export function refundsInPeriod(db: ReadDb, report: ResolvedReport) {
  return db
    .select({
      ...paymentFields,
      originalReceipt: original.receiptNo,
      status: payments.status,
      at: payments.createdAt,
    })
    .from(payments)
    .innerJoin(student, eq(student.id, payments.studentId))
    .innerJoin(schools, eq(schools.id, payments.schoolId))
    .leftJoin(original, eq(original.id, payments.refundOf))
    .where(and(madeInPeriod(report), eq(payments.kind, 'refund')))
    .orderBy(payments.createdAt, payments.reference);
}

/** A `date` column within the report's days, both ends included. */
const onDays = (column: AnyPgColumn, report: ResolvedReport) =>
  report.range ? sql`${column} between ${report.range.from}::date and ${report.range.to}::date` : sql`true`;

/** The providers' settlements paid out in the period, with the statement line each was matched to. */
export async function settlementsInPeriod(db: ReadDb, report: ResolvedReport) {
  return db
    .select({
      school: schools.name,
      settlement: providerSettlements,
      line: {
        id: bankStatementLines.id,
        bookedOn: bankStatementLines.bookedOn,
        amountKobo: bankStatementLines.amountKobo,
        narration: bankStatementLines.narration,
      },
    })
    .from(providerSettlements)
    .innerJoin(schools, eq(schools.id, providerSettlements.schoolId))
    .leftJoin(bankStatementLines, eq(bankStatementLines.id, providerSettlements.bankLineId))
    .where(and(report.inSchools(providerSettlements.schoolId), onDays(providerSettlements.settledOn, report)))
    .orderBy(schools.name, providerSettlements.settledOn, providerSettlements.providerSettlementId);
}

/** Statement lines of the period that read as a provider paying out and match no settlement. */
export async function strayPayoutsInPeriod(db: ReadDb, report: ResolvedReport) {
  return db
    .select({
      school: schools.name,
      bookedOn: bankStatementLines.bookedOn,
      amountKobo: bankStatementLines.amountKobo,
      narration: bankStatementLines.narration,
    })
    .from(bankStatementLines)
    .innerJoin(schools, eq(schools.id, bankStatementLines.schoolId))
    .where(
      and(
        report.inSchools(bankStatementLines.schoolId),
        eq(bankStatementLines.settlement, true),
        eq(bankStatementLines.direction, 'credit'),
        onDays(bankStatementLines.bookedOn, report),
        sql`not exists (select 1 from ${providerSettlements} s where s.bank_line_id = ${bankStatementLines.id})`,
      ),
    )
    .orderBy(schools.name, bankStatementLines.bookedOn);
}
