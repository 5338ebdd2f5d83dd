import {
  type CashUpLine,
  cashUpTotals,
  type TillCashUp,
  type TillReport,
  type TillSession,
  tillExpected,
  tillFlags,
  tillNotBanked,
  tillRemaining,
  tillReportKind,
} from '@schoolledger/domain';
import type { ReadDb } from '../../db/client.js';
import type { TillVoidReport } from './till-voids.service.js';
import { namesOf, type TillMethodTakings, type TillRow, type TillTakings } from './tills.queries.js';

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

/**
 * The X report while the till is open (the session so far), the Z report once its drawer is
 * counted: expected is what the drawer should hold now (or held when counted); once banked, what
 * was counted and not banked remained.
 */
export function reportOf({
  session,
  school,
  takings,
  byMethod,
  names,
  voids,
}: {
  session: TillSession;
  school: { id: string; name: string };
  takings: TillTakings;
  byMethod: TillMethodTakings;
  names: Map<string, string>;
  /** Its cash payments one by one and their voids (till-voids.service). */
  voids: TillVoidReport;
}): TillReport {
  return {
    session,
    report: {
      kind: tillReportKind(session.status),
      school: { _id: school.id, name: school.name },
      float: session.float_total,
      cash_taken: takings.takenKobo,
      payments: takings.payments,
      by_recorder: takings.byRecorder.map((recorder) => ({
        user: person(names, recorder.userId),
        payments: recorder.payments,
        amount: recorder.amountKobo,
      })),
      by_method: byMethod.map((line) => ({ method: line.method, payments: line.payments, amount: line.amountKobo })),
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
      remaining: tillRemaining({ countedKobo: session.counted, bankedKobo: session.banking?.amount ?? null }),
    },
  };
}

/** One till of a day's cash-up: its own figures, expected as counted against once it was closed. */
export function cashUpLineOf({ session, takings }: { session: TillSession; takings: TillTakings }) {
  const expectedKobo =
    session.expected ??
    tillExpected({
      floatKobo: session.float_total,
      takenKobo: takings.takenKobo,
      refundedKobo: takings.refundedKobo,
      voidedKobo: takings.voidedKobo,
    });
  const line: CashUpLine = {
    floatKobo: session.float_total,
    takenKobo: takings.takenKobo,
    payments: takings.payments,
    refundedKobo: takings.refundedKobo,
    voidedKobo: takings.voidedKobo,
    expectedKobo,
    countedKobo: session.counted,
    varianceKobo: session.variance,
    bankedKobo: session.banking?.amount ?? null,
    notBankedKobo: tillNotBanked({ status: session.status, countedKobo: session.counted, expectedKobo }),
  };
  return line;
}

/** A school's day at the cash desk: its tills in the order they were opened, and their totals. */
export function cashUpOf({
  school,
  date,
  tills,
}: {
  school: { id: string; name: string };
  date: string;
  tills: { session: TillSession; line: CashUpLine }[];
}): TillCashUp {
  const totals = cashUpTotals(tills.map((till) => till.line));
  return {
    school: { _id: school.id, name: school.name },
    date,
    tills: tills.map(({ session, line }) => ({
      _id: session._id,
      desk: session.desk,
      status: session.status,
      opened_by: session.opened_by,
      opened_at: session.opened_at,
      closed_at: session.closed_at,
      float: line.floatKobo,
      cash_taken: line.takenKobo,
      payments: line.payments,
      refunded: line.refundedKobo,
      voided: line.voidedKobo,
      expected: line.expectedKobo,
      counted: line.countedKobo,
      variance: line.varianceKobo,
      variance_reason: session.variance_reason,
      banked: line.bankedKobo,
      not_banked: line.notBankedKobo,
    })),
    totals: {
      float: totals.floatKobo,
      cash_taken: totals.takenKobo,
      payments: totals.payments,
      refunded: totals.refundedKobo,
      voided: totals.voidedKobo,
      expected: totals.expectedKobo,
      counted: totals.countedKobo,
      variance: totals.varianceKobo,
      banked: totals.bankedKobo,
      not_banked: totals.notBankedKobo,
    },
  };
}
