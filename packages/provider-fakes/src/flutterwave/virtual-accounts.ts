/**
 * The local Flutterwave's virtual account numbers (v3): POST /v3/virtual-account-numbers, GET
 * /v3/virtual-account-numbers/:order_ref, and bank transfers into them, each a `bank_transfer`
 * transaction of the fake's store announced by charge.completed
 * (../shared/research/bank-and-messaging.md §A2, §A3). The trap they carry: every credit to a
 * static account has the account's `tx_ref`, each with its own `id` and `flw_ref`.
 * Also the demo's bank app page, /bank/:account_number.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { type BankField, bankPage, parseBankForm } from '../bank-page.js';
import type { fakeServer, inFlight } from '../http.js';
import type { FlutterwaveWebhookDelivery } from './fake.js';
import { appFee, chargeData, type FakeAttempt, type FakeCharge, naira, toKobo } from './wire.js';

export interface FakeVirtualAccount {
  orderRef: string;
  flwRef: string;
  accountNumber: string;
  txRef: string;
  email: string;
  /** The name a bank shows when the number is resolved. */
  narration: string;
  bvn: string | null;
  isPermanent: boolean;
  /** Kobo asked for (dynamic accounts); null for a static one. */
  amountKobo: number | null;
  frequency: string | number;
  bankName: string;
  createdAt: string;
  /** Dynamic accounts expire an hour after they are made; static ones never. */
  expiresAt: string | null;
  charge: FakeCharge;
}

/** A bank transfer into a virtual account, as the control action and the bank page give it. */
export interface VirtualTransferInput {
  /** Kobo. */
  amountKobo: number;
  senderName?: string;
  senderBank?: string;
  /** The sender's bank's NIP code; found from its name for the usual banks. */
  senderBankCode?: string;
  senderAccountNumber?: string;
  narration?: string;
  currency?: string;
  /** False: the webhook is lost. */
  deliver?: boolean;
  paidAt?: string;
}

const BANK_CODES: Record<string, string> = {
  'access bank': '044',
  'first bank': '011',
  gtbank: '058',
  'guaranty trust bank': '058',
  'united bank for africa': '033',
  uba: '033',
  'zenith bank': '057',
  opay: '999992',
  palmpay: '999991',
  'kuda bank': '090267',
  'moniepoint mfb': '50515',
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
/** Flutterwave's `created_at`/`expiry_date` here: "2021-02-15 16:27:22". */
const flwTime = (iso: string) => iso.slice(0, 19).replace('T', ' ');
const HOUR = 3_600_000;

export function registerVirtualAccounts(
  app: ReturnType<typeof fakeServer>,
  ctx: {
    unauthorized: (header: string | undefined) => { status: string; message: string; data: null } | null;
    charges: Map<string, FakeCharge>;
    nextTransactionId: () => number;
    deliver: (c: FakeCharge, attempt: FakeAttempt) => Promise<number | null>;
    deliveries: FlutterwaveWebhookDelivery[];
    pending: ReturnType<typeof inFlight>;
  },
) {
  const accounts: FakeVirtualAccount[] = [];
  const byNumber = (accountNumber: string) => accounts.find((a) => a.accountNumber === accountNumber);
  const invalid = (message: string) => ({ status: 'error', message, data: null });
  const notFound = invalid('No virtual account was found with this reference');

  function newAccountNumber() {
    for (;;) {
      const candidate = `78${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
      if (!byNumber(candidate)) return candidate;
    }
  }

  function accountData(a: FakeVirtualAccount) {
    return {
      response_code: '02',
      response_message: 'Transaction in progress',
      flw_ref: a.flwRef,
      order_ref: a.orderRef,
      account_number: a.accountNumber,
      frequency: a.frequency,
      bank_name: a.bankName,
      created_at: flwTime(a.createdAt),
      expiry_date: a.expiresAt ? flwTime(a.expiresAt) : 'N/A',
      note: `Please make a bank transfer to ${a.narration}`,
      // A dynamic account asks for the amount with Flutterwave's fee added (100 asked, "101.40" shown).
      amount: a.amountKobo === null ? null : naira(a.amountKobo + appFee(a.amountKobo)).toFixed(2),
    };
  }

  app.post('/v3/virtual-account-numbers', async (request, reply) => {
    const denied = ctx.unauthorized(request.headers.authorization);
    if (denied) return reply.code(401).send(denied);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = text(body.email);
    if (!email) return reply.code(400).send(invalid('email is required'));
    const isPermanent = body.is_permanent === true || body.is_permanent === 'true';
    const bvn = text(body.bvn);
    if (isPermanent && !bvn) {
      return reply.code(400).send(invalid('BVN is required for static account number'));
    }
    if (bvn !== null && !/^\d{11}$/.test(bvn))
      return reply.code(400).send(invalid('Invalid BVN, BVN must be 11 digits'));
    const currency = text(body.currency) ?? 'NGN';
    if (currency !== 'NGN') return reply.code(400).send(invalid('Invalid currency'));
    let amountKobo: number | null = null;
    if (!isPermanent) {
      amountKobo = toKobo(body.amount);
      if (amountKobo === null || amountKobo <= 0) {
        return reply.code(400).send(invalid('amount is required for a dynamic virtual account'));
      }
    }
    const txRef = text(body.tx_ref) ?? `VA-${randomBytes(8).toString('hex')}`;
    // Stricter than documented: a tx_ref names one account (or one checkout) in this fake.
    if (ctx.charges.has(txRef)) return reply.code(400).send(invalid('A transaction with this tx_ref already exists'));
    const firstname = text(body.firstname);
    const lastname = text(body.lastname);
    const holder = [firstname, lastname].filter(Boolean).join(' ');
    const now = new Date();
    const createdAt = now.toISOString();
    const charge: FakeCharge = {
      id: null,
      attempts: [],
      txRef,
      flwRef: null,
      code: '',
      email,
      name: holder || null,
      requestedKobo: amountKobo ?? 0,
      amountKobo: amountKobo ?? 0,
      currency,
      redirectUrl: null,
      meta: null,
      status: 'pending',
      createdAt,
      customerId: 216_519_823 + ctx.charges.size,
      refundedKobo: 0,
    };
    ctx.charges.set(txRef, charge);
    const account: FakeVirtualAccount = {
      orderRef: `URF_${now.getTime()}_${randomInt(100_000, 999_999)}`,
      flwRef: `FLW-${randomBytes(16).toString('hex')}`,
      accountNumber: newAccountNumber(),
      txRef,
      email,
      narration: text(body.narration) ?? (holder || email),
      bvn,
      isPermanent,
      amountKobo,
      frequency: typeof body.frequency === 'number' || typeof body.frequency === 'string' ? body.frequency : 'N/A',
      bankName: 'WEMA BANK',
      createdAt,
      expiresAt: isPermanent ? null : new Date(now.getTime() + HOUR).toISOString(),
      charge,
    };
    accounts.push(account);
    return { status: 'success', message: 'Virtual account created', data: accountData(account) };
  });

  app.get<{ Params: { orderRef: string } }>('/v3/virtual-account-numbers/:orderRef', async (request, reply) => {
    const denied = ctx.unauthorized(request.headers.authorization);
    if (denied) return reply.code(401).send(denied);
    const account = accounts.find((a) => a.orderRef === request.params.orderRef);
    if (!account) return reply.code(400).send(notFound);
    return { status: 'success', message: 'Virtual account fetched', data: accountData(account) };
  });

  /**
   * A credit: a new successful transaction under the account's tx_ref, with its own id and
   * flw_ref, announced by charge.completed unless `deliver` is false. A dynamic account that has
   * expired refuses it, as the bank would at name enquiry.
   */
  async function transfer(account: FakeVirtualAccount, input: VirtualTransferInput) {
    const paidAt = input.paidAt ?? new Date().toISOString();
    if (account.expiresAt !== null && Date.parse(paidAt) > Date.parse(account.expiresAt)) {
      return { error: 'This virtual account has expired' } as const;
    }
    const c = account.charge;
    const senderName = input.senderName ?? 'JOHN DOE';
    const senderBank = input.senderBank ?? 'Access Bank';
    const made: FakeAttempt = {
      id: ctx.nextTransactionId(),
      flwRef: `${randomInt(100_000_000, 999_999_999)}${Date.parse(paidAt)}${randomInt(100, 999)}`,
      status: 'successful',
      createdAt: paidAt,
      amountKobo: input.amountKobo,
      currency: input.currency ?? 'NGN',
      transfer: {
        originatorName: senderName,
        originatorAccountNumber: input.senderAccountNumber ?? '0123454321',
        bankName: senderBank,
        originatorBank: input.senderBankCode ?? BANK_CODES[senderBank.toLowerCase()] ?? '000',
        narration: input.narration ?? `${senderName} ${Date.parse(paidAt)}`,
      },
    };
    c.attempts.push(made);
    c.id = made.id;
    c.flwRef = made.flwRef;
    c.status = 'successful';
    if (input.deliver === false) {
      ctx.deliveries.push({
        txRef: c.txRef,
        id: made.id,
        event: 'charge.completed',
        status: null,
        error: 'lost on purpose (deliver: false)',
        latencyMs: 0,
      });
      return { charge: c, attempt: made, webhookStatus: null };
    }
    return { charge: c, attempt: made, webhookStatus: await ctx.pending.track(ctx.deliver(c, made)) };
  }

  // ---- test-only controls ----
  /** The outside world: someone's bank sends `amount` naira (as this fake's controls take amounts) to the account. */
  app.post<{ Params: { accountNumber: string } }>(
    '/__fake/virtual_accounts/:accountNumber/transfers',
    async (request, reply) => {
      const account = byNumber(request.params.accountNumber);
      if (!account) return reply.code(404).send(invalid('No virtual account with this number'));
      const body = (request.body ?? {}) as Record<string, unknown>;
      const amountKobo = toKobo(body.amount);
      if (amountKobo === null || amountKobo <= 0) {
        return reply.code(400).send(invalid('amount (naira, at most two decimals) is required'));
      }
      const paidAt = text(body.paid_at);
      if (paidAt !== null && Number.isNaN(Date.parse(paidAt)))
        return reply.code(400).send(invalid('paid_at must be a date'));
      const done = await transfer(account, {
        amountKobo,
        senderName: text(body.sender_name) ?? undefined,
        senderBank: text(body.sender_bank) ?? undefined,
        senderBankCode: text(body.sender_bank_code) ?? undefined,
        senderAccountNumber: text(body.sender_account_number) ?? undefined,
        narration: text(body.narration) ?? undefined,
        currency: text(body.currency) ?? undefined,
        deliver: body.deliver !== false,
        paidAt: paidAt === null ? undefined : new Date(paidAt).toISOString(),
      });
      if ('error' in done) return reply.code(400).send(invalid(done.error ?? 'refused'));
      return {
        status: 'success',
        message: 'Transfer received',
        data: chargeData(done.charge, done.attempt),
        webhook: { delivered: body.deliver !== false, status: done.webhookStatus },
      };
    },
  );

  // ---- the demo's bank app ----
  const page = (account: FakeVirtualAccount, extra: Partial<Parameters<typeof bankPage>[0]> = {}) =>
    bankPage({
      provider: 'Flutterwave',
      accountNumber: account.accountNumber,
      accountName: account.narration,
      bankName: account.bankName,
      active: account.expiresAt === null || Date.now() <= Date.parse(account.expiresAt),
      actionPath: `/bank/${account.accountNumber}`,
      credits: account.charge.attempts
        .filter((a) => a.transfer)
        .reverse()
        .slice(0, 10)
        .map((a) => ({
          amountKobo: a.amountKobo ?? 0,
          currency: a.currency ?? account.charge.currency,
          senderName: a.transfer?.originatorName ?? '',
          paidAt: a.createdAt,
          reference: String(a.id),
        })),
      ...extra,
    });
  const unknownAccount = '<p>No account with this number at this bank.</p>';

  app.get<{ Params: { accountNumber: string } }>('/bank/:accountNumber', async (request, reply) => {
    const account = byNumber(request.params.accountNumber);
    if (!account) return reply.code(404).type('text/html').send(unknownAccount);
    return reply.type('text/html').send(page(account));
  });

  app.post<{ Params: { accountNumber: string } }>('/bank/:accountNumber', async (request, reply) => {
    const account = byNumber(request.params.accountNumber);
    if (!account) return reply.code(404).type('text/html').send(unknownAccount);
    const form = parseBankForm(request.body);
    const values = (request.body ?? {}) as Partial<Record<BankField, string>>;
    if (!form.ok)
      return reply
        .code(400)
        .type('text/html')
        .send(page(account, { error: form.error, values }));
    const done = await transfer(account, {
      amountKobo: form.transfer.amountKobo,
      senderName: form.transfer.senderName,
      senderBank: form.transfer.senderBank,
      senderAccountNumber: form.transfer.senderAccountNumber,
      narration: form.transfer.narration,
    });
    if ('error' in done) {
      return reply
        .code(400)
        .type('text/html')
        .send(page(account, { error: { field: 'amount', message: done.error ?? 'refused' }, values }));
    }
    const told =
      done.webhookStatus !== null && done.webhookStatus >= 200 && done.webhookStatus < 300
        ? 'The business was notified.'
        : 'The business was not notified yet (its webhook did not answer 2xx).';
    return reply.type('text/html').send(
      page(account, {
        note: `Sent NGN ${(form.transfer.amountKobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })}. Transaction ${done.attempt.id}. ${told}`,
      }),
    );
  });

  return {
    accounts: () => [...accounts],
    account: (accountNumber: string) => byNumber(accountNumber),
    /** A transfer of `amount` naira into the account with this number, as the control action makes it. */
    async transfer(
      accountNumber: string,
      input: Omit<VirtualTransferInput, 'amountKobo'> & { amount: number | string },
    ) {
      const account = byNumber(accountNumber);
      if (!account) throw new Error(`no virtual account ${accountNumber}`);
      const amountKobo = toKobo(input.amount);
      if (amountKobo === null || amountKobo <= 0) throw new Error(`not an amount: ${input.amount}`);
      const done = await transfer(account, { ...input, amountKobo });
      if ('error' in done) throw new Error(done.error);
      return { transaction: chargeData(done.charge, done.attempt), webhookStatus: done.webhookStatus };
    },
  };
}
