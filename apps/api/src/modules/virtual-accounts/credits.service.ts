import {
  FAMILY_ACCOUNT_CHANNELS,
  formatKobo,
  type VirtualAccountCreditList,
  type VirtualAccountCreditsQuery,
  type VirtualAccountProvider,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import type { PaymentRow } from '../ledger/payments.queries.js';
import { findSchoolInScope } from '../payment-profiles/payment-profiles.queries.js';
import { providerAccountKey, providerFromProfile, schoolOwnProvider } from '../payment-profiles/school-providers.js';
import { flutterwaveTransferOf } from '../providers/flutterwave.js';
import { paystackTransferOf } from '../providers/paystack.js';
import type { AccountTransfer, PaymentProvider, PaymentVerification } from '../providers/provider.js';
import { appProvider } from '../providers/resolve.js';
import { schoolNotFound } from '../schools/schools.errors.js';
import {
  type ArrivalRow,
  type ArrivalValues,
  arrivedAlready,
  countArrivals,
  insertArrival,
  listArrivals,
  paymentsOfArrivals,
  updateArrival,
} from './credits.queries.js';
import { VIRTUAL_ACCOUNTS_SYSTEM } from './system-actor.js';
import { toArrival } from './virtual-accounts.presenters.js';
import { accountByNumber, accountByReference, schoolsTakingAccounts } from './virtual-accounts.queries.js';

/** At most this many schools' keys are tried on a transfer to a number SchoolLedger does not know. */
const MAX_SIGNING_SCHOOLS = 50;

/**
 * Pays a family's owed fees at a school oldest due first from money that arrived, each fee its own
 * credited payment, the rest to the family's credit, and answers what it could not place: the
 * payments module's `payFamilyFeesInOrder`. Handed in by the webhook path, because this module
 * cannot import payments (whose webhook route reaches this one, and modules never import each
 * other in a ring).
 */
export type FeesPayer = (placement: {
  tx: Tx;
  ctx: AppContext;
  actor: Actor;
  schoolId: string;
  whose: { parentId: string } | { studentId: string };
  amountKobo: bigint;
  paidAt: Date;
  audit: Record<string, unknown>;
  channel: string;
  providerReference: string;
}) => Promise<{ payments: PaymentRow[]; unplacedKobo: bigint; owedKobo: bigint }>;

/** A key a transfer notification may be signed with, and the school it then belongs to, when only one has that key. */
export interface TransferSigner {
  provider: PaymentProvider;
  schoolId: string | null;
}

/**
 * Whose keys a Paystack transfer into account `accountNumber` is checked with, read from the still
 * unverified body: the school that owns the account, alone. A number SchoolLedger did not open
 * (the school's Paystack business may have others) is tried against each business of the schools
 * that open accounts, once each, then the app-wide account. The body decides whose key is tried,
 * never whether the event is believed.
 */
export async function transferSigners(ctx: AppContext, accountNumber: string): Promise<TransferSigner[]> {
  const account = await accountByNumber(ctx.db, 'paystack', accountNumber);
  if (account) {
    const provider = await schoolOwnProvider(ctx, account.schoolId, 'paystack');
    return provider ? [{ provider, schoolId: account.schoolId }] : [];
  }
  const businesses = new Map<string, { provider: PaymentProvider; schoolIds: string[] }>();
  for (const { schoolId, profile } of await schoolsTakingAccounts(ctx.db, MAX_SIGNING_SCHOOLS)) {
    if (!profile.psSecretKeyEnc) continue;
    const key = providerAccountKey(ctx, profile, 'paystack');
    const provider = providerFromProfile(ctx, profile, 'paystack', { includeSwitchedOff: true });
    if (!key || !provider) continue;
    const business = businesses.get(key) ?? { provider, schoolIds: [] };
    business.schoolIds.push(schoolId);
    businesses.set(key, business);
  }
  const signers = [...businesses.values()].map((business) => ({
    provider: business.provider,
    schoolId: business.schoolIds.length === 1 ? business.schoolIds[0]! : null,
  }));
  const app = appProvider(ctx.config, 'paystack');
  return app ? [...signers, { provider: app, schoolId: null }] : signers;
}

/**
 * Whose key a Flutterwave notification naming `txRef` is checked with when `txRef` is one of a
 * family's accounts (every transfer into it repeats the `tx_ref` it was opened with): the owning
 * school's own. `null` when no account has it: the notification is about a checkout.
 */
export async function flutterwaveTransferSigner(ctx: AppContext, txRef: string): Promise<TransferSigner | null> {
  const account = await accountByReference(ctx.db, 'flutterwave', txRef);
  if (!account) return null;
  const provider = await schoolOwnProvider(ctx, account.schoolId, 'flutterwave');
  return provider ? { provider, schoolId: account.schoolId } : null;
}

/** Whether a Flutterwave `tx_ref` is a family account's (its transfers credit the family, not a checkout). */
export async function isFlutterwaveAccount(ctx: AppContext, txRef: string): Promise<boolean> {
  return (await accountByReference(ctx.db, 'flutterwave', txRef)) !== undefined;
}

const PROVIDER_NAMES: Record<VirtualAccountProvider, string> = { paystack: 'Paystack', flutterwave: 'Flutterwave' };
const TRANSFER_OF: Record<VirtualAccountProvider, (payload: unknown) => AccountTransfer | null> = {
  paystack: paystackTransferOf,
  flutterwave: flutterwaveTransferOf,
};

const UNKNOWN_ACCOUNT =
  "No virtual account of the school has this number: it was opened outside SchoolLedger, so the money is not placed on anyone's fees.";
const NOTHING_OWED =
  "Nothing is owed on the family's fees at the school now, so there is no fee to receive the money: place it by hand.";
const NO_PARENT = 'No parent is linked to keep what is left beyond the fees as family credit: place it by hand.';

/**
 * Why a transfer must wait for a person, or `null` when it may be credited: the provider's own
 * record (verify) must say it succeeded, in naira, under the same reference and for the same amount
 * as the notification. A bank transfer has already happened, so a doubt holds it; it never refuses it.
 */
function doubtAbout(
  via: VirtualAccountProvider,
  transfer: AccountTransfer,
  verified: PaymentVerification,
): string | null {
  const name = PROVIDER_NAMES[via];
  if (verified.status !== 'success' || transfer.status !== 'success') {
    return `${name}'s record of the transfer says "${verified.providerStatus || verified.status}", the notification "${transfer.status}": not credited until someone checks it.`;
  }
  const currency = verified.currency ?? transfer.currency;
  if (currency !== 'NGN' || transfer.currency !== 'NGN') {
    return `The transfer is in ${currency === 'NGN' ? transfer.currency : currency}: only naira is credited to fees by itself.`;
  }
  // Flutterwave's record names the account's tx_ref; Paystack's the transfer's own reference.
  const expected = transfer.accountReference ?? transfer.reference;
  if (verified.reference !== expected) {
    return `${name}'s record names the reference ${verified.reference ?? 'none'}, the notification ${expected}.`;
  }
  if (verified.chargedKobo !== transfer.amountKobo) {
    const recorded = verified.chargedKobo === null ? 'no amount' : formatKobo(verified.chargedKobo);
    return `${name}'s record says ${recorded}, the notification ${formatKobo(transfer.amountKobo)}.`;
  }
  return null;
}

/** The audit row of an arrival as it was left: credited, held for a person, or ignored. */
const ARRIVAL_ACTIONS: Record<ArrivalRow['status'], string> = {
  credited: 'virtual_account_credit.credit',
  review: 'virtual_account_credit.hold',
  ignored: 'virtual_account_credit.ignore',
};
const auditArrival = (tx: Tx, arrival: ArrivalRow) =>
  recordAudit(tx, VIRTUAL_ACCOUNTS_SYSTEM, {
    action: ARRIVAL_ACTIONS[arrival.status],
    entity: 'virtual_account_credit',
    entityId: arrival.id,
    schoolId: arrival.schoolId,
    after: {
      source: 'virtual_account',
      status: arrival.status,
      amountKobo: arrival.amountKobo.toString(),
      currency: arrival.currency,
      reference: arrival.reference,
      accountId: arrival.accountId,
      accountNumber: arrival.receiverAccountNumber,
      unplacedKobo: arrival.unplacedKobo.toString(),
      paymentIds: arrival.paymentIds,
      reason: arrival.reason,
    },
  });

/** Records an arrival that credits nothing (held or ignored), once, with its audit row. */
async function recordUncredited(ctx: AppContext, values: ArrivalValues) {
  await ctx.db.transaction(async (tx) => {
    const arrival = await insertArrival(tx, values);
    if (arrival) await auditArrival(tx, arrival);
  });
}

/**
 * A verified webhook's transfer into a family's account, credited once. The account is found by
 * the number the bank credited (Paystack) or the `tx_ref` the account was opened with (Flutterwave);
 * the transfer is checked with the provider (verify) before anything is believed; then, in one
 * transaction, the arrival's row first (its unique provider transaction makes a second delivery of
 * the same transfer wait here, holding nothing, and then find it taken), then the family's owed
 * fees by id and their payments (ledger/lock-order.ts, steps 1 to 3), through `payFees`. A doubt,
 * a currency other than naira or money with nowhere to go is held for a person; a number
 * SchoolLedger did not open is recorded as ignored for the one school whose key signed it
 * (`schoolId`), else only as the webhook event. `provider` is the one that checked the signature,
 * when known; otherwise the account's school's own.
 */
export async function creditTransfer({
  ctx,
  via,
  payload,
  provider,
  schoolId,
  payFees,
}: {
  ctx: AppContext;
  /** Whose notification it is. */
  via: VirtualAccountProvider;
  payload: unknown;
  provider: PaymentProvider | null;
  schoolId: string | null;
  payFees: FeesPayer;
}): Promise<void> {
  const transfer = TRANSFER_OF[via](payload);
  if (!transfer) return;
  const account = transfer.accountReference
    ? await accountByReference(ctx.db, via, transfer.accountReference)
    : transfer.receiverAccountNumber
      ? await accountByNumber(ctx.db, via, transfer.receiverAccountNumber)
      : undefined;
  const arrival = {
    receiverAccountNumber: account?.accountNumber ?? transfer.receiverAccountNumber ?? transfer.accountReference ?? '',
    provider: via,
    providerTransactionId: transfer.transactionId,
    reference: transfer.reference,
    amountKobo: transfer.amountKobo,
    currency: transfer.currency,
    senderName: transfer.senderName,
    senderBank: transfer.senderBank,
    senderAccountNumber: transfer.senderAccountNumber,
    narration: transfer.narration,
  };
  if (!account) {
    if (schoolId) {
      await recordUncredited(ctx, {
        ...arrival,
        schoolId,
        accountId: null,
        paidAt: transfer.paidAt ?? ctx.clock(),
        status: 'ignored',
        reason: UNKNOWN_ACCOUNT,
      });
    }
    return;
  }
  const checker = provider ?? (await schoolOwnProvider(ctx, account.schoolId, via));
  const verified = checker
    ? await checker.verify(transfer.accountReference ?? transfer.reference, { transactionId: transfer.transactionId })
    : null;
  const doubt = verified
    ? doubtAbout(via, transfer, verified)
    : `The school's ${PROVIDER_NAMES[via]} keys are no longer saved, so the transfer could not be checked with ${PROVIDER_NAMES[via]}.`;
  const paidAt = verified?.paidAt ?? transfer.paidAt ?? ctx.clock();
  const held = (reason: string) => ({
    ...arrival,
    schoolId: account.schoolId,
    accountId: account.id,
    paidAt,
    status: 'review' as const,
    reason,
    unplacedKobo: transfer.amountKobo,
  });
  if (doubt) {
    await recordUncredited(ctx, held(doubt));
    return;
  }
  try {
    await ctx.db.transaction(async (tx) => {
      const recorded = await insertArrival(tx, {
        ...arrival,
        schoolId: account.schoolId,
        accountId: account.id,
        paidAt,
        status: 'credited',
      });
      if (!recorded) return;
      const paid = await payFees({
        tx,
        ctx,
        actor: VIRTUAL_ACCOUNTS_SYSTEM,
        schoolId: account.schoolId,
        whose: account.holderKind === 'parent' ? { parentId: account.holderId } : { studentId: account.holderId },
        amountKobo: transfer.amountKobo,
        paidAt,
        audit: {
          source: 'virtual_account',
          virtualAccountId: account.id,
          arrivalId: recorded.id,
          reference: transfer.reference,
        },
        channel: FAMILY_ACCOUNT_CHANNELS[via],
        providerReference: transfer.reference,
      });
      const reason = paid.unplacedKobo === 0n ? null : paid.owedKobo === 0n ? NOTHING_OWED : NO_PARENT;
      const done = await updateArrival(tx, recorded.id, {
        status: reason ? 'review' : 'credited',
        reason,
        unplacedKobo: paid.unplacedKobo,
        paymentIds: paid.payments.map((payment) => payment.id),
      });
      await auditArrival(tx, done);
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Whose money it is is certain, but it cannot go there as things stand (a fee changed
    // meanwhile, the books closed): a person places it, with the reason.
    await recordUncredited(ctx, held(`Not credited by itself: ${error.message}`));
  }
}

/**
 * The day's transfers into families' accounts from Paystack's own transaction list, each credited
 * as its notification would have been (once: an arrival is unique on the transaction id): so a
 * notification that never came, and that Paystack did not resend on requery, still credits. Each
 * business (a key of the schools that take accounts) is listed once; a transfer to a number
 * SchoolLedger did not open is left alone. Run by the daily pass after the requery.
 */
export async function creditListedTransfers(ctx: AppContext, { day, payFees }: { day: string; payFees: FeesPayer }) {
  const result = { listed: 0, credited: 0, failed: 0 };
  const businesses = new Map<string, PaymentProvider>();
  for (const { profile } of await schoolsTakingAccounts(ctx.db, MAX_SIGNING_SCHOOLS)) {
    const key = profile.psSecretKeyEnc ? providerAccountKey(ctx, profile, 'paystack') : null;
    const provider = key ? providerFromProfile(ctx, profile, 'paystack', { includeSwitchedOff: true }) : null;
    if (key && provider && !businesses.has(key)) businesses.set(key, provider);
  }
  for (const provider of businesses.values()) {
    let listed: unknown[];
    try {
      listed = (await provider.virtualAccounts?.transfersOn?.(day)) ?? [];
    } catch {
      // The next pass lists the day again; the requery has asked for the notifications meanwhile.
      result.failed++;
      continue;
    }
    result.listed += listed.length;
    const idOf = (data: unknown) => String((data as { id?: unknown }).id ?? '');
    const done = await arrivedAlready(ctx.db, 'paystack', listed.map(idOf));
    for (const data of listed.filter((one) => !done.has(idOf(one)))) {
      await creditTransfer({
        ctx,
        via: 'paystack',
        payload: { event: 'charge.success', data },
        provider,
        schoolId: null,
        payFees,
      });
      result.credited++;
    }
  }
  return result;
}

/** GET /virtual-accounts/credits: what arrived in a school's accounts, each with the payments it became. */
export async function listCredits(
  ctx: AppContext,
  auth: AuthContext,
  query: VirtualAccountCreditsQuery,
): Promise<VirtualAccountCreditList> {
  const school = await findSchoolInScope(ctx.db, auth.scope, query.school_id);
  if (!school) throw schoolNotFound();
  const filters = { schoolId: school.id, status: query.status, accountId: query.account_id };
  const offset = (query.page - 1) * query.limit;
  const rows = await listArrivals(ctx.db, auth.scope, filters, { limit: query.limit, offset });
  const total = await countArrivals(ctx.db, auth.scope, filters);
  const payments = await paymentsOfArrivals(
    ctx.db,
    rows.flatMap((row) => row.arrival.paymentIds),
  );
  const byId = new Map(payments.map((payment) => [payment.id, payment]));
  return {
    credits: rows.map((row) => toArrival(row, byId)),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}
