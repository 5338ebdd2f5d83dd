import {
  addDays,
  daysUntil,
  type FetchSettlementsResult,
  formatCalendarDate,
  formatKobo,
  LAGOS,
  RECONCILIATION_MAX_DAYS,
  RECONCILIATION_PROVIDER_LABELS,
  type Reconciliation,
  type ReconciliationQuery,
  type ReconciliationRow,
  SETTLEMENT_ERROR_CODES,
  todayIn,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { csvFigure, csvText, nairaFigure } from '../../lib/tabular/index.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { schoolOwnProvider } from '../payment-profiles/school-providers.js';
import { ProviderError, type SettlementApi } from '../providers/provider.js';
import {
  linkSettlement,
  matchedSettlementIds,
  recordedOf,
  type SettlementRow,
  saveSettlement,
  schoolsWithOwnPaystack,
  settlementsBetween,
  unmatchedOf,
  unmatchedSettlementLinesBetween,
} from './settlements.queries.js';

/** Days asked for when none are given: settlements come a working day or two after the money. */
const FETCH_DAYS = 14;
/** Days the reconciliation shows when none are given. */
const VIEW_DAYS = 30;
/** A statement books a settlement on its day or up to five days later (weekends, holidays), or a day early. */
const LINE_DAYS_BEFORE = 1;
const LINE_DAYS_AFTER = 5;
/** References of unrecorded transactions kept per settlement: enough to look them up. */
const UNRECORDED_KEPT = 20;
/** How a provider names itself on a statement line. */
const PROVIDER_WORDS: Record<SettlementRow['provider'], RegExp> = {
  paystack: /PAYSTACK/i,
  flutterwave: /FLUTTERWAVE|\bFLW\b/i,
};

/** Who acts when the daily pass matches a settlement: no person. */
const SETTLEMENTS_SYSTEM: Actor = { userId: null, ip: null, userAgent: 'settlements' };

const providerFailed = (error: unknown, provider: Provider) => {
  const name = RECONCILIATION_PROVIDER_LABELS[provider];
  if (error instanceof ProviderError) {
    return new AppError(
      502,
      SETTLEMENT_ERROR_CODES.settlementProviderFailed,
      error.status === undefined
        ? `${name} could not be reached. Check the network and try again.`
        : `${name} refused: ${error.message}`,
    );
  }
  if ((error as Error | null)?.name === 'TimeoutError') {
    return new AppError(
      502,
      SETTLEMENT_ERROR_CODES.settlementProviderFailed,
      `${name} did not answer in time. Try again in a moment.`,
    );
  }
  return error;
};

type Provider = SettlementRow['provider'];
const PROVIDERS: readonly Provider[] = ['paystack', 'flutterwave'];

/**
 * The school's own providers' settlements; the app-wide accounts' are not the school's money.
 * Refused when the school saved keys of neither.
 */
async function ownSettlementApis(ctx: AppContext, schoolId: string) {
  const apis: { provider: Provider; api: SettlementApi }[] = [];
  for (const provider of PROVIDERS) {
    const api = (await schoolOwnProvider(ctx, schoolId, provider))?.settlements;
    if (api) apis.push({ provider, api });
  }
  return apis;
}

async function settlementApisOf(ctx: AppContext, schoolId: string) {
  const apis = await ownSettlementApis(ctx, schoolId);
  if (apis.length === 0) {
    throw fieldError(
      'school_id',
      "Save the school's own Paystack or Flutterwave keys in the payment settings first: settlements are paid to the account they belong to",
    );
  }
  return apis;
}

/** One settlement as the provider reports it, beside what SchoolLedger recorded of its transactions. */
async function readSettlement(
  ctx: AppContext,
  schoolId: string,
  { provider, api }: { provider: Provider; api: SettlementApi },
  settlement: ProviderSettlementOf,
) {
  const transactions = await api.transactions(settlement.providerSettlementId);
  const found = await recordedOf(ctx.db, {
    schoolId,
    provider,
    references: transactions.flatMap((transaction) => (transaction.reference ? [transaction.reference] : [])),
    transactionIds: transactions.map((transaction) => transaction.providerId),
  });
  const recorded = new Set(found.map((row) => row.key));
  const isRecorded = (transaction: (typeof transactions)[number]) =>
    recorded.has(transaction.providerId) || (transaction.reference !== null && recorded.has(transaction.reference));
  return {
    schoolId,
    provider,
    providerSettlementId: settlement.providerSettlementId,
    settledOn: settlement.settledOn,
    currency: settlement.currency,
    status: settlement.status,
    grossKobo: settlement.grossKobo,
    chargesKobo: settlement.chargesKobo,
    netKobo: settlement.netKobo,
    transactionCount: transactions.length,
    recordedKobo: found.reduce((sum, row) => sum + BigInt(row.kobo), 0n),
    recordedCount: transactions.filter(isRecorded).length,
    bankedKobo: found.reduce((sum, row) => (row.banked ? sum + BigInt(row.kobo) : sum), 0n),
    unrecorded: transactions
      .filter((transaction) => !isRecorded(transaction))
      .slice(0, UNRECORDED_KEPT)
      .map((transaction) => ({
        reference: transaction.reference ?? transaction.providerId,
        amountKobo: transaction.amountKobo === null ? null : String(transaction.amountKobo),
      })),
  };
}
type ProviderSettlementOf = Awaited<ReturnType<SettlementApi['list']>>[number];

/**
 * Asks Paystack and Flutterwave, with the school's own keys, for their settlements of the days
 * (the last two weeks unless given), keeps each beside what SchoolLedger recorded of its transactions, and matches
 * them to the statement lines already imported.
 */
export async function fetchSettlements({
  ctx,
  actor,
  schoolId,
  from,
  to,
}: {
  ctx: AppContext;
  actor: Actor;
  schoolId: string;
  from?: string | undefined;
  to?: string | undefined;
}): Promise<FetchSettlementsResult> {
  const last = to ?? todayIn(LAGOS, ctx.clock());
  const first = from ?? addDays(last, -(FETCH_DAYS - 1));
  let fresh = 0;
  let reported = 0;
  for (const source of await settlementApisOf(ctx, schoolId)) {
    try {
      const listed = await source.api.list({ from: first, to: last });
      reported += listed.length;
      const settled = await matchedSettlementIds(ctx.db, schoolId, source.provider);
      for (const settlement of listed) {
        if (settled.has(settlement.providerSettlementId)) continue;
        const values = await readSettlement(ctx, schoolId, source, settlement);
        if (await saveSettlement(ctx.db, values, ctx.clock())) fresh++;
      }
    } catch (error) {
      throw providerFailed(error, source.provider);
    }
  }
  const matched = await matchSettlements({ ctx, actor, schoolId });
  await recordAudit(ctx.db, actor, {
    action: 'provider_settlement.fetch',
    entity: 'provider_settlement',
    entityId: null,
    schoolId,
    after: { from: first, to: last, reported, new: fresh, matched },
  });
  return { reported, new: fresh, matched };
}

/**
 * Matches the school's unmatched settlements to the statement lines that read as settlements:
 * naira, the amount paid out to the kobo, the provider named in the narration, booked within days
 * of the settlement. Only a pair that fits each other alone is matched; anything else stays for
 * the reconciliation to show. Each match posts the settlement to the books. Answers how many.
 */
export async function matchSettlements({
  ctx,
  actor,
  schoolId,
}: {
  ctx: AppContext;
  actor: Actor;
  schoolId: string;
}): Promise<number> {
  const { settlements, lines } = await unmatchedOf(ctx.db, schoolId);
  const fits = (settlement: SettlementRow, line: (typeof lines)[number]) => {
    const late = daysUntil(line.bookedOn, settlement.settledOn);
    return (
      settlement.currency === 'NGN' &&
      line.amountKobo === settlement.netKobo &&
      late >= -LINE_DAYS_BEFORE &&
      late <= LINE_DAYS_AFTER &&
      PROVIDER_WORDS[settlement.provider].test(line.narration)
    );
  };
  let matched = 0;
  for (const settlement of settlements) {
    const candidates = lines.filter((line) => fits(settlement, line));
    const line = candidates[0];
    if (candidates.length !== 1 || !line) continue;
    if (settlements.filter((other) => fits(other, line)).length !== 1) continue;
    const provider = RECONCILIATION_PROVIDER_LABELS[settlement.provider];
    const note = `${provider} settlement ${settlement.providerSettlementId} of ${formatCalendarDate(settlement.settledOn)}: ${formatKobo(settlement.grossKobo)} collected, ${formatKobo(settlement.chargesKobo)} kept in charges.`;
    const linked = await ctx.db.transaction(async (tx) => {
      const row = await linkSettlement(tx, {
        id: settlement.id,
        lineId: line.id,
        by: actor.userId,
        now: ctx.clock(),
        note,
      });
      if (!row) return false;
      await recordAudit(tx, actor, {
        action: 'provider_settlement.match',
        entity: 'provider_settlement',
        entityId: settlement.id,
        schoolId,
        after: {
          provider: settlement.provider,
          settlement: settlement.providerSettlementId,
          line: line.id,
          netKobo: String(settlement.netKobo),
          chargesKobo: String(settlement.chargesKobo),
        },
      });
      return true;
    });
    if (linked) matched++;
  }
  return matched;
}

/** The daily pass (`settlements.fetch`): every school with a key of its own, its last two weeks. */
export async function runSettlementFetch(ctx: AppContext) {
  const result = { schools: 0, new: 0, matched: 0, failed: 0, errors: [] as { schoolId: string; message: string }[] };
  for (const schoolId of await schoolsWithOwnPaystack(ctx.db)) {
    try {
      const fetched = await fetchSettlements({ ctx, actor: SETTLEMENTS_SYSTEM, schoolId });
      result.schools++;
      result.new += fetched.new;
      result.matched += fetched.matched;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result.failed++;
      if (result.errors.length < 5) result.errors.push({ schoolId, message: error.message });
    }
  }
  return result;
}

const naira = formatKobo;

/** A settlement's three sides as the reconciliation shows them: the provider's word, our records, the bank's line. */
export function settlementSides(
  settlement: SettlementRow,
  line: { id: string; bookedOn: string; amountKobo: bigint; narration: string } | null,
): Omit<ReconciliationRow, 'differences' | 'day' | 'provider'> {
  return {
    settlement: {
      _id: settlement.id,
      reference: settlement.providerSettlementId,
      status: settlement.status,
      gross: settlement.grossKobo,
      charges: settlement.chargesKobo,
      net: settlement.netKobo,
      transactions: settlement.transactionCount,
    },
    recorded: {
      amount: settlement.recordedKobo,
      count: settlement.recordedCount,
      missing: settlement.unrecorded.map((entry) => entry.reference),
    },
    bank: line ? { _id: line.id, bookedOn: line.bookedOn, amount: line.amountKobo, narration: line.narration } : null,
  };
}

/** Each difference between what the provider said, what was recorded and what the bank says, in words. */
export function differencesOf(
  row: Omit<ReconciliationRow, 'differences' | 'day' | 'provider'>,
  provider: string,
): string[] {
  const { settlement, recorded, bank } = row;
  if (!settlement) {
    return [
      `${naira(bank?.amount ?? 0n)} arrived from ${provider} with no settlement to explain it: check for settlements again, or ask ${provider}.`,
    ];
  }
  const differences: string[] = [];
  if (recorded && recorded.amount !== settlement.gross) {
    differences.push(
      `${provider} paid out ${naira(settlement.gross)} of transactions; SchoolLedger recorded ${naira(recorded.amount)} of them.`,
    );
  }
  if (recorded && recorded.missing.length > 0) {
    const count = settlement.transactions - recorded.count;
    differences.push(`${count} of its ${settlement.transactions} transactions are not recorded as paid here.`);
  }
  if (!bank) {
    differences.push(
      settlement.status === 'success'
        ? `${naira(settlement.net)} is not on an imported statement yet.`
        : `${provider} has not paid it out yet (${settlement.status}).`,
    );
  }
  return differences;
}

/** The days to show: the last 30 unless given, at most a quarter. */
function dayRange(ctx: AppContext, query: ReconciliationQuery) {
  const to = query.to ?? todayIn(LAGOS, ctx.clock());
  const from = query.from ?? addDays(to, -(VIEW_DAYS - 1));
  if (daysUntil(to, from) >= RECONCILIATION_MAX_DAYS) {
    throw fieldError('from', `Choose at most ${RECONCILIATION_MAX_DAYS} days at a time`);
  }
  return { from, to };
}

/**
 * GET /settlements/reconciliation: per day, each settlement as the provider reported it, what
 * SchoolLedger recorded of its transactions and the statement line it arrived as, and each
 * statement line that reads as a settlement and matches none; every difference in words.
 */
export async function reconciliation(ctx: AppContext, query: ReconciliationQuery): Promise<Reconciliation> {
  const { from, to } = dayRange(ctx, query);
  const [settled, strays, canFetch] = await Promise.all([
    settlementsBetween(ctx.readDb, query.school_id, from, to),
    unmatchedSettlementLinesBetween(ctx.readDb, query.school_id, from, to),
    ownSettlementApis(ctx, query.school_id).then((apis) => apis.length > 0),
  ]);
  const rows: ReconciliationRow[] = [];
  for (const { settlement, line } of settled) {
    const shown = settlementSides(settlement, line);
    const provider = RECONCILIATION_PROVIDER_LABELS[settlement.provider];
    rows.push({
      day: settlement.settledOn,
      provider: settlement.provider,
      ...shown,
      differences: differencesOf(shown, provider),
    });
  }
  for (const line of strays) {
    const provider = PROVIDER_WORDS.flutterwave.test(line.narration) ? 'flutterwave' : 'paystack';
    const shown = {
      settlement: null,
      recorded: null,
      bank: { _id: line.id, bookedOn: line.bookedOn, amount: line.amountKobo, narration: line.narration },
    };
    rows.push({
      day: line.bookedOn,
      provider,
      ...shown,
      differences: differencesOf(shown, RECONCILIATION_PROVIDER_LABELS[provider]),
    });
  }
  rows.sort((a, b) => (a.day === b.day ? 0 : a.day < b.day ? 1 : -1));
  const sum = (pick: (row: ReconciliationRow) => bigint | undefined) =>
    rows.reduce((total, row) => total + (pick(row) ?? 0n), 0n);
  return {
    from,
    to,
    rows,
    totals: {
      gross: sum((row) => row.settlement?.gross),
      charges: sum((row) => row.settlement?.charges),
      net: sum((row) => row.settlement?.net),
      recorded: sum((row) => row.recorded?.amount),
      bank: sum((row) => row.bank?.amount),
      differing: rows.filter((row) => row.differences.length > 0).length,
    },
    canFetch,
  };
}

/** The reconciliation as a CSV file: one row per settlement or stray line, then the totals. */
export function reconciliationCsv(report: Reconciliation): string {
  const header = [
    'Day',
    'Provider',
    'Settlement',
    'Status',
    'Collected (NGN)',
    'Charges (NGN)',
    'Paid out (NGN)',
    'Recorded by SchoolLedger (NGN)',
    'Transactions not recorded',
    'Bank date',
    'Bank amount (NGN)',
    'Differences',
  ];
  const money = (kobo: bigint | undefined) => (kobo === undefined ? null : nairaFigure(kobo));
  const rows = report.rows.map((row) => [
    row.day,
    RECONCILIATION_PROVIDER_LABELS[row.provider],
    row.settlement?.reference,
    row.settlement?.status,
    money(row.settlement?.gross),
    money(row.settlement?.charges),
    money(row.settlement?.net),
    money(row.recorded?.amount),
    row.recorded ? csvFigure(row.settlement ? row.settlement.transactions - row.recorded.count : 0) : null,
    row.bank?.bookedOn,
    money(row.bank?.amount),
    row.differences.join(' '),
  ]);
  const { totals } = report;
  return csvText([
    header,
    ...rows,
    [
      'Total',
      null,
      null,
      null,
      nairaFigure(totals.gross),
      nairaFigure(totals.charges),
      nairaFigure(totals.net),
      nairaFigure(totals.recorded),
      null,
      null,
      nairaFigure(totals.bank),
      `${totals.differing} with differences`,
    ],
  ]);
}
