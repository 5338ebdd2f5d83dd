import { PAYMENT_METHOD_LABELS, type PaymentStatus, RECONCILIATION_PROVIDER_LABELS } from '@schoolledger/domain';
import type { AnySection, Column } from '../../../lib/tabular/index.js';
import { differencesOf, settlementSides } from '../../settlements/settlements.service.js';
import type { ReportBuilder, ResolvedReport } from '../report-definition.js';
import {
  onlineByProvider,
  openReviews,
  refundsInPeriod,
  settlementsInPeriod,
  strayPayoutsInPeriod,
  unconfirmedTransfers,
} from './reconciliation.queries.js';
import { withSchoolColumn } from './school-column.js';

const STATUS_LABELS: Record<PaymentStatus, string> = {
  success: 'Successful',
  pending: 'Pending',
  review: 'In review',
  failed: 'Failed',
};
const NO_WORD = 'None recorded';

const NOTES = [
  'Every list is of the payments started, claimed or refunded in the period.',
  "The provider's last word is the status its last verification answered, as the audit trail recorded it; 'None recorded' means it has not answered for those payments yet.",
];

type ProviderRow = { provider: string; status: string; providerStatus: string; payments: number; amount: bigint };
const PROVIDER_COLUMNS: Column<ProviderRow>[] = [
  { key: 'provider', header: 'Provider', kind: 'text', width: 12 },
  { key: 'status', header: 'Our status', kind: 'text', width: 11 },
  { key: 'providerStatus', header: "Provider's last word", kind: 'text', width: 14 },
  { key: 'payments', header: 'Payments', kind: 'number', total: true },
  { key: 'amount', header: 'Amount (₦)', kind: 'money', total: true },
];

type Listed = { school: string; reference: string; student: string };
const LISTED_COLUMNS: Column<Listed>[] = [
  { key: 'reference', header: 'Reference', kind: 'text', width: 20 },
  { key: 'student', header: 'Student', kind: 'text', width: 18 },
];

type ReviewRow = Listed & { provider: string; amount: bigint; reported: bigint | null; reason: string; since: Date };
type TransferRow = Listed & { bankReference: string; amount: bigint; claimedAt: Date; daysWaiting: number };
type RefundRow = Listed & { originalReceipt: string; method: string; amount: bigint; status: string; at: Date };

const listed = (row: Listed): Listed => ({ school: row.school, reference: row.reference, student: row.student });

type Rows<Query extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<Query>>;

const providerSection = (rows: Rows<typeof onlineByProvider>): AnySection => ({
  title: 'Online payments by provider',
  columns: PROVIDER_COLUMNS,
  rows: rows.map(
    (row): ProviderRow => ({
      provider: PAYMENT_METHOD_LABELS[row.method],
      status: STATUS_LABELS[row.status],
      providerStatus: row.providerStatus ?? NO_WORD,
      payments: row.payments,
      amount: row.amountKobo,
    }),
  ),
  totals: true,
});

const reviewSection = (report: ResolvedReport, rows: Rows<typeof openReviews>): AnySection => ({
  title: 'Payments under review',
  columns: withSchoolColumn(report, [
    ...LISTED_COLUMNS,
    { key: 'provider', header: 'Provider', kind: 'text', width: 11 },
    { key: 'amount', header: 'Amount (₦)', kind: 'money', total: true },
    { key: 'reported', header: 'Provider reported (₦)', kind: 'money' },
    { key: 'reason', header: 'Reason', kind: 'text', width: 24 },
    { key: 'since', header: 'Since (Lagos)', kind: 'date' },
  ]),
  rows: rows.map(
    (row): ReviewRow => ({
      ...listed(row),
      provider: PAYMENT_METHOD_LABELS[row.method],
      amount: row.amountKobo,
      reported: row.reportedKobo,
      reason: row.reason,
      since: row.since,
    }),
  ),
  totals: true,
});

const transferSection = (report: ResolvedReport, rows: Rows<typeof unconfirmedTransfers>): AnySection => ({
  title: 'Transfers claimed, not confirmed',
  columns: withSchoolColumn(report, [
    ...LISTED_COLUMNS,
    { key: 'bankReference', header: "Payer's bank reference", kind: 'text', width: 16 },
    { key: 'amount', header: 'Amount (₦)', kind: 'money', total: true },
    { key: 'claimedAt', header: 'Claimed at (Lagos)', kind: 'date' },
    { key: 'daysWaiting', header: 'Days waiting', kind: 'number' },
  ]),
  rows: rows.map(
    (row): TransferRow => ({
      ...listed(row),
      bankReference: row.bankReference ?? '',
      amount: row.amountKobo,
      claimedAt: row.claimedAt,
      daysWaiting: row.daysWaiting,
    }),
  ),
  totals: true,
});

const refundSection = (report: ResolvedReport, rows: Rows<typeof refundsInPeriod>): AnySection => ({
  title: 'Refunds',
  columns: withSchoolColumn(report, [
    ...LISTED_COLUMNS,
    { key: 'originalReceipt', header: 'Original receipt', kind: 'text', width: 16 },
    { key: 'method', header: 'Method', kind: 'text', width: 12 },
    { key: 'amount', header: 'Amount (₦)', kind: 'money', total: true },
    { key: 'status', header: 'Status', kind: 'text', width: 10 },
    { key: 'at', header: 'When (Lagos)', kind: 'date' },
  ]),
  rows: rows.map(
    (row): RefundRow => ({
      ...listed(row),
      originalReceipt: row.originalReceipt ?? '',
      method: PAYMENT_METHOD_LABELS[row.method],
      amount: row.amountKobo,
      status: STATUS_LABELS[row.status],
      at: row.at,
    }),
  ),
  totals: true,
});

type SettlementRow = {
  school: string;
  day: string;
  provider: string;
  settlement: string;
  collected: bigint | null;
  charges: bigint | null;
  paidOut: bigint | null;
  recorded: bigint | null;
  bank: bigint | null;
  differences: string;
};

/** Each settlement beside what was recorded of it and the bank line it arrived as, then the payouts no settlement explains. */
function settlementSection(
  report: ResolvedReport,
  settled: Rows<typeof settlementsInPeriod>,
  strays: Rows<typeof strayPayoutsInPeriod>,
): AnySection {
  const rows = [
    ...settled.map(({ school, settlement, line }): SettlementRow => {
      const provider = RECONCILIATION_PROVIDER_LABELS[settlement.provider];
      const differences = differencesOf(settlementSides(settlement, line), provider);
      return {
        school,
        day: settlement.settledOn,
        provider,
        settlement: settlement.providerSettlementId,
        collected: settlement.grossKobo,
        charges: settlement.chargesKobo,
        paidOut: settlement.netKobo,
        recorded: settlement.recordedKobo,
        bank: line?.amountKobo ?? null,
        differences: differences.join(' ') || 'Agrees',
      };
    }),
    ...strays.map(
      (line): SettlementRow => ({
        school: line.school,
        day: line.bookedOn,
        provider: '',
        settlement: 'None found',
        collected: null,
        charges: null,
        paidOut: null,
        recorded: null,
        bank: line.amountKobo,
        differences: `A payout on the statement that no settlement explains: ${line.narration}`,
      }),
    ),
  ];
  return {
    title: 'Settlements and the bank',
    columns: withSchoolColumn(report, [
      { key: 'day', header: 'Day', kind: 'text', width: 10 },
      { key: 'provider', header: 'Provider', kind: 'text', width: 11 },
      { key: 'settlement', header: 'Settlement', kind: 'text', width: 11 },
      { key: 'collected', header: 'Collected (₦)', kind: 'money', total: true },
      { key: 'charges', header: 'Charges (₦)', kind: 'money', total: true },
      { key: 'paidOut', header: 'Paid out (₦)', kind: 'money', total: true },
      { key: 'recorded', header: 'Recorded (₦)', kind: 'money', total: true },
      { key: 'bank', header: 'In the bank (₦)', kind: 'money', total: true },
      { key: 'differences', header: 'Differences', kind: 'text', width: 30 },
    ]),
    rows,
    totals: true,
  };
}

export const reconciliationReport: ReportBuilder = async (db, report) => {
  const [providers, reviews, transfers, refunds, settled, strays] = await Promise.all([
    onlineByProvider(db, report),
    openReviews(db, report),
    unconfirmedTransfers(db, report),
    refundsInPeriod(db, report),
    settlementsInPeriod(db, report),
    strayPayoutsInPeriod(db, report),
  ]);
  return {
    notes: NOTES,
    orientation: 'landscape',
    sections: [
      providerSection(providers),
      reviewSection(report, reviews),
      transferSection(report, transfers),
      refundSection(report, refunds),
      settlementSection(report, settled, strays),
    ],
  };
};
