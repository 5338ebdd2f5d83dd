import { type TillReport, type TillSession, tillExpected, tillFlags } from '@schoolledger/domain';
import type { ReadDb } from '../../db/client.js';
import type { TillVoidReport } from './till-voids.service.js';
import { namesOf, type TillRow, type TillTakings } from './tills.queries.js';

const person = (names: Map<string, string>, id: string) => ({ _id: id, name: names.get(id) ?? 'Unknown' });
const personOrNull = (names: Map<string, string>, id: string | null) => (id ? person(names, id) : null);

/** What a till's flags are read against: the time now, and the days each school allows to bank a till. */
export interface TillFlagView {
  now: Date;
  bankWithinDays: ReadonlyMap<string, number>;
}

function present(row: TillRow, names: Map<string, string>, view: TillFlagView): TillSession {
  return {
    _id: row.id,
    school_id: row.schoolId,
    desk: row.desk,
    status: row.status,
    opened_by: person(names, row.openedBy),
    opened_at: row.openedAt.toISOString(),
    float: row.floatCount,
    float_total: row.floatKobo,
    count: row.closedCount ?? null,
    counted: row.countedKobo,
    expected: row.expectedKobo,
    variance: row.varianceKobo,
    variance_reason: row.varianceReason,
    closed_by: personOrNull(names, row.closedBy),
    closed_at: row.closedAt?.toISOString() ?? null,
    confirmed_by: personOrNull(names, row.confirmedBy),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    banking:
      row.bankedAt && row.bankedBy && row.bankedKobo !== null
        ? {
            deposit_slip_no: row.depositSlipNo ?? '',
            bank_name: row.bankName ?? '',
            amount: row.bankedKobo,
            banked_by: person(names, row.bankedBy),
            banked_at: row.bankedAt.toISOString(),
          }
        : null,
    flags: tillFlags({
      status: row.status,
      openedAt: row.openedAt,
      closedAt: row.closedAt,
      now: view.now,
      bankWithinDays: view.bankWithinDays.get(row.schoolId) ?? 0,
    }),
  };
}

/** Sessions as the wire shows them, their people's names read once for all, flagged as of `view`. */
export async function sessionsOf(db: ReadDb, rows: readonly TillRow[], view: TillFlagView): Promise<TillSession[]> {
  const names = await namesOf(
    db,
    rows.flatMap((row) =>
      [row.openedBy, row.closedBy, row.confirmedBy, row.bankedBy].filter((id): id is string => id !== null),
    ),
  );
  return rows.map((row) => present(row, names, view));
}

export async function sessionOf(db: ReadDb, row: TillRow, view: TillFlagView): Promise<TillSession> {
  return (await sessionsOf(db, [row], view))[0]!;
}

/** The X report: the session so far; expected is what the drawer should hold now (or held when counted). */
export function reportOf({
  session,
  takings,
  names,
  voids,
}: {
  session: TillSession;
  takings: TillTakings;
  names: Map<string, string>;
  /** Its cash payments one by one and their voids (till-voids.service). */
  voids: TillVoidReport;
}): TillReport {
  return {
    session,
    report: {
      float: session.float_total,
      cash_taken: takings.takenKobo,
      payments: takings.payments,
      by_recorder: takings.byRecorder.map((recorder) => ({
        user: person(names, recorder.userId),
        payments: recorder.payments,
        amount: recorder.amountKobo,
      })),
      refunds: takings.refunds.map((refund) => ({
        payment_id: refund.paymentId,
        receipt_no: refund.receiptNo,
        amount: refund.amountKobo,
        at: refund.at.toISOString(),
        from_drawer: refund.fromDrawer,
      })),
      refunded: takings.refundedKobo,
      cash_payments: voids.cashPayments,
      voids: voids.voids,
      voided: takings.voidedKobo,
      expected: tillExpected({
        floatKobo: session.float_total,
        takenKobo: takings.takenKobo,
        refundedKobo: takings.refundedKobo,
        voidedKobo: takings.voidedKobo,
      }),
    },
  };
}
