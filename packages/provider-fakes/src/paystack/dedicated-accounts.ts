/**
 * The local Paystack's dedicated virtual accounts (DVAs): create, assign (asynchronously, with a
 * `dedicatedaccount.assign.*` webhook), list, fetch, deactivate, requery, the providers, and bank
 * transfers into them, each a `dedicated_nuban` transaction of the fake's transaction store
 * announced by a signed `charge.success` (../shared/research/bank-and-messaging.md §A2, §A3).
 * Also the demo's bank app page, /bank/:account_number.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { type BankField, bankPage, parseBankForm } from '../bank-page.js';
import { lagosDay } from '../days.js';
import type { fakeServer, inFlight } from '../http.js';
import type { CustomerStore } from './customers.js';
import {
  customerData,
  DVA_BANKS,
  type DvaBank,
  dedicatedAccountData,
  dedicatedNubanFees,
  type FakeCustomer,
  type FakeDedicatedAccount,
} from './dedicated-wire.js';
import type { WebhookDelivery } from './fake.js';
import { type FakeTransaction, verifyData } from './wire.js';

/** A bank transfer into a DVA, as the control action and the bank page give it. */
export interface TransferInput {
  /** Kobo. */
  amount: number;
  senderName?: string;
  senderBank?: string;
  senderAccountNumber?: string;
  narration?: string;
  /** NGN unless a test wants to see the app refuse another currency. */
  currency?: string;
  /** False: the webhook is lost (nothing reaches the app), as a requery test needs. */
  deliver?: boolean;
  /** When the bank credited the account; now unless given. */
  paidAt?: string;
}

export interface DedicatedAccountsContext {
  authorized: (header: string | undefined) => boolean;
  invalidKey: unknown;
  customers: CustomerStore;
  transactions: Map<string, FakeTransaction>;
  nextTransactionId: () => number;
  send: (event: string, data: unknown, reference: string) => Promise<number | null>;
  deliver: (t: FakeTransaction) => Promise<number | null>;
  deliveries: WebhookDelivery[];
  pending: ReturnType<typeof inFlight>;
  /** Runs `work` a moment from now, as Paystack does what it answers "in progress"; tracked by `settled`. */
  later: <T>(work: () => Promise<T>) => Promise<T>;
  /** The business's name, the first half of every account name. */
  businessName: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

export function registerDedicatedAccounts(app: ReturnType<typeof fakeServer>, ctx: DedicatedAccountsContext) {
  const accounts: FakeDedicatedAccount[] = [];
  let nextAccountId = 8_310_000;
  let failAssignments = false;

  const missing = (message: string) => ({
    status: false,
    message,
    meta: { nextStep: 'Ensure that you provide all required parameters' },
    type: 'validation_error',
    code: 'missing_params',
  });
  const accountNotFound = {
    status: false,
    message: 'Dedicated account not found',
    meta: { nextStep: 'Ensure that you are passing the correct dedicated account id or number' },
    type: 'validation_error',
    code: 'not_found',
  };
  const invalidBank = {
    status: false,
    message: 'Invalid preferred bank',
    meta: { nextStep: 'Call GET /dedicated_account/available_providers for the banks you can use' },
    type: 'validation_error',
    code: 'invalid_params',
  };

  const bankOf = (slug: unknown) => DVA_BANKS.find((b) => b.slug === (text(slug) ?? 'wema-bank'));
  const byNumber = (accountNumber: string) => accounts.find((a) => a.accountNumber === accountNumber);

  function newAccountNumber(prefix: string) {
    for (;;) {
      const candidate = `${prefix}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
      if (!byNumber(candidate)) return candidate;
    }
  }

  /**
   * The customer's active account on `bank`, made if there is none. Asking again for a customer
   * who already has one answers that account rather than an error or a second account: an app
   * that retries after a timeout gets the account it was given, and the business's DVA quota is
   * not spent twice. (Paystack's documentation does not say; this is the least surprising.)
   */
  function accountFor(customer: FakeCustomer, bank: DvaBank & { prefix: string }) {
    const existing = accounts.find((a) => a.customer === customer && a.bank.slug === bank.slug && a.active);
    if (existing) return existing;
    const now = new Date().toISOString();
    const holder = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
    const account: FakeDedicatedAccount = {
      id: nextAccountId++,
      accountNumber: newAccountNumber(bank.prefix),
      accountName: `${ctx.businessName} / ${holder}`.toUpperCase(),
      bank: { name: bank.name, id: bank.id, slug: bank.slug },
      customer,
      active: true,
      assigned: true,
      createdAt: now,
      updatedAt: now,
      assignedAt: now,
      expiredAt: null,
    };
    accounts.push(account);
    return account;
  }

  const acknowledged = (t: FakeTransaction) =>
    ctx.deliveries.some(
      (d) =>
        d.reference === t.reference &&
        d.event === 'charge.success' &&
        d.status !== null &&
        d.status >= 200 &&
        d.status < 300,
    );

  const creditsOf = (account: FakeDedicatedAccount) =>
    [...ctx.transactions.values()].filter((t) => t.transfer?.account === account);

  /**
   * A transfer into `account`: a successful `dedicated_nuban` transaction, fees 1% capped at ₦300,
   * announced by charge.success unless `deliver` is false. A deactivated account still receives
   * it: the bank takes the money and Paystack still records and announces it.
   */
  async function transfer(account: FakeDedicatedAccount, input: TransferInput) {
    const paidAt = input.paidAt ?? new Date().toISOString();
    const senderName = input.senderName ?? 'JOHN DOE';
    const senderAccountNumber = input.senderAccountNumber ?? '0123454321';
    const t: FakeTransaction = {
      id: ctx.nextTransactionId(),
      reference: `${Date.parse(paidAt)}${randomBytes(8).toString('hex').slice(0, 14)}`,
      accessCode: randomBytes(8).toString('hex').slice(0, 15),
      email: account.customer.email,
      requestedAmount: input.amount,
      amount: input.amount,
      currency: input.currency ?? 'NGN',
      callbackUrl: null,
      metadata: { receiver_account_number: account.accountNumber, receiver_bank: account.bank.name },
      status: 'success',
      channel: 'dedicated_nuban',
      fees: dedicatedNubanFees(input.amount),
      paidAt,
      createdAt: paidAt,
      customerId: account.customer.id,
      refundedAmount: 0,
      customer: account.customer,
      transfer: {
        account,
        senderBank: input.senderBank ?? 'Access Bank',
        senderAccountNumber,
        senderName,
        narration: input.narration ?? `NIP: ${senderName} -${senderAccountNumber}/${randomInt(10_000_000, 99_999_999)}`,
      },
    };
    ctx.transactions.set(t.reference, t);
    if (input.deliver === false) {
      ctx.deliveries.push({
        reference: t.reference,
        event: 'charge.success',
        status: null,
        error: 'lost on purpose (deliver: false)',
        latencyMs: 0,
      });
      return { transaction: t, webhookStatus: null };
    }
    return { transaction: t, webhookStatus: await ctx.pending.track(ctx.deliver(t)) };
  }

  /** POST /dedicated_account: a DVA for an existing customer (id or code), at once. */
  app.post('/dedicated_account', async (request, reply) => {
    if (!ctx.authorized(request.headers.authorization)) return reply.code(401).send(ctx.invalidKey);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = typeof body.customer === 'number' ? String(body.customer) : text(body.customer);
    if (!key) return reply.code(400).send(missing('Customer ID or code is required'));
    const customer = ctx.customers.find(key);
    if (!customer) {
      return reply.code(404).send({
        status: false,
        message: 'Customer not found',
        meta: { nextStep: 'Ensure that you are passing the correct customer ID or code' },
        type: 'validation_error',
        code: 'customer_not_found',
      });
    }
    const bank = bankOf(body.preferred_bank);
    if (!bank) return reply.code(400).send(invalidBank);
    // Names given here become the customer's (they make the account name).
    ctx.customers.ensure(customer.email, body, true);
    if (!customer.firstName || !customer.lastName || !customer.phone) {
      return reply
        .code(400)
        .send(missing('Customer first name, last name and phone are required to create a dedicated account'));
    }
    return {
      status: true,
      message: 'NUBAN successfully created',
      data: dedicatedAccountData(accountFor(customer, bank)),
    };
  });

  /**
   * POST /dedicated_account/assign: makes (or finds) the customer and answers "in progress"; the
   * account, or the failure, arrives a moment later as a signed webhook.
   */
  app.post('/dedicated_account/assign', async (request, reply) => {
    if (!ctx.authorized(request.headers.authorization)) return reply.code(401).send(ctx.invalidKey);
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [field, label] of [
      ['email', 'Email'],
      ['first_name', 'First name'],
      ['last_name', 'Last name'],
      ['phone', 'Phone'],
      ['preferred_bank', 'Preferred bank'],
      ['country', 'Country'],
    ] as const) {
      if (!text(body[field])) return reply.code(400).send(missing(`${label} is required`));
    }
    const country = text(body.country)?.toUpperCase();
    if (country !== 'NG') {
      return reply.code(400).send({
        status: false,
        message: 'Country not supported. Dedicated accounts are available in NG',
        type: 'validation_error',
        code: 'invalid_params',
      });
    }
    const bank = bankOf(body.preferred_bank);
    if (!bank) return reply.code(400).send(invalidBank);
    const customer = ctx.customers.ensure(String(body.email), body, true);
    const failing = failAssignments;
    void ctx.later(() => {
      if (failing) {
        return ctx.send(
          'dedicatedaccount.assign.failed',
          { customer: customerData(customer), dedicated_account: null, identification: { status: 'failed' } },
          customer.code,
        );
      }
      const { customer: _holder, ...account } = dedicatedAccountData(accountFor(customer, bank));
      return ctx.send(
        'dedicatedaccount.assign.success',
        { customer: customerData(customer), dedicated_account: account, identification: { status: 'success' } },
        customer.code,
      );
    });
    return { status: true, message: 'Assign dedicated account in progress' };
  });

  app.get('/dedicated_account/available_providers', async (request, reply) => {
    if (!ctx.authorized(request.headers.authorization)) return reply.code(401).send(ctx.invalidKey);
    return {
      status: true,
      message: 'Dedicated account providers retrieved',
      data: DVA_BANKS.map((b) => ({ provider_slug: b.slug, bank_id: b.id, bank_name: b.name, id: b.providerId })),
    };
  });

  app.get<{
    Querystring: {
      active?: string;
      customer?: string;
      provider_slug?: string;
      bank_id?: string;
      currency?: string;
      perPage?: string;
      page?: string;
    };
  }>('/dedicated_account', async (request, reply) => {
    if (!ctx.authorized(request.headers.authorization)) return reply.code(401).send(ctx.invalidKey);
    const q = request.query;
    const perPage = Math.max(1, Math.min(Number(q.perPage) || 50, 100));
    const page = Math.max(1, Number(q.page) || 1);
    const all = accounts
      .filter((a) => q.active === undefined || String(a.active) === q.active)
      .filter((a) => !q.customer || String(a.customer.id) === q.customer || a.customer.code === q.customer)
      .filter((a) => !q.provider_slug || a.bank.slug === q.provider_slug)
      .filter((a) => !q.bank_id || String(a.bank.id) === q.bank_id)
      .reverse();
    // Every DVA here is in naira.
    if (q.currency && q.currency !== 'NGN') all.length = 0;
    return {
      status: true,
      message: 'Managed accounts successfully retrieved',
      data: all.slice((page - 1) * perPage, page * perPage).map(dedicatedAccountData),
      meta: {
        total: all.length,
        skipped: (page - 1) * perPage,
        perPage,
        page,
        pageCount: Math.max(1, Math.ceil(all.length / perPage)),
      },
    };
  });

  /**
   * Requery: Paystack looks for credits to the account that it has not yet notified and sends
   * their charge.success. The fake re-sends, a moment after answering, the credits of that day
   * (Lagos time; every day without `date`) that no delivery was acknowledged with a 2xx: credits
   * already acknowledged are not sent again, as the real requery only finds missed ones. Both the
   * documented query form and the path form of the doc's heading are answered.
   */
  const requery = async (
    request: { headers: { authorization?: string }; query: Record<string, string | undefined>; params: unknown },
    reply: { code: (status: number) => { send: (body: unknown) => unknown } },
  ) => {
    if (!ctx.authorized(request.headers.authorization)) return reply.code(401).send(ctx.invalidKey);
    const { account_number: fromPath } = (request.params ?? {}) as { account_number?: string };
    const accountNumber = fromPath ?? request.query.account_number;
    if (!accountNumber) return reply.code(400).send(missing('Account number is required'));
    const { provider_slug: slug, date } = request.query;
    if (date !== undefined && !isDay(date)) {
      return reply.code(400).send({
        status: false,
        message: 'Invalid date. Use the format YYYY-MM-DD',
        type: 'validation_error',
        code: 'invalid_params',
      });
    }
    const account = byNumber(accountNumber);
    if (!account || (slug && account.bank.slug !== slug)) return reply.code(404).send(accountNotFound);
    const missed = creditsOf(account).filter(
      (t) => t.paidAt !== null && (!date || lagosDay(t.paidAt) === date) && !acknowledged(t),
    );
    void ctx.later(() => Promise.all(missed.map((t) => ctx.deliver(t))));
    return {
      status: true,
      message:
        'We are checking the status of your transfer. We will send you a notification once it has been confirmed',
    };
  };
  app.get<{ Querystring: Record<string, string | undefined> }>('/dedicated_account/requery', requery);
  app.get<{ Querystring: Record<string, string | undefined>; Params: { account_number: string } }>(
    '/dedicated_account/requery/:account_number',
    requery,
  );

  app.get<{ Params: { id: string } }>('/dedicated_account/:id', async (request, reply) => {
    if (!ctx.authorized(request.headers.authorization)) return reply.code(401).send(ctx.invalidKey);
    const account = accounts.find((a) => String(a.id) === request.params.id);
    if (!account) return reply.code(404).send(accountNotFound);
    return { status: true, message: 'Managed account successfully retrieved', data: dedicatedAccountData(account) };
  });

  /**
   * Deactivates: `assigned` and `active` false from now on (Paystack's sample answer shows
   * `assigned: false` at once; the fake also reports the account inactive, as lists filtered on
   * `active` then show it). Transfers to it still arrive and are still announced.
   */
  app.delete<{ Params: { id: string } }>('/dedicated_account/:id', async (request, reply) => {
    if (!ctx.authorized(request.headers.authorization)) return reply.code(401).send(ctx.invalidKey);
    const account = accounts.find((a) => String(a.id) === request.params.id);
    if (!account) return reply.code(404).send(accountNotFound);
    if (account.active || account.assigned) {
      const now = new Date().toISOString();
      account.active = false;
      account.assigned = false;
      account.expiredAt = now;
      account.updatedAt = now;
    }
    return { status: true, message: 'Managed Account Successfully Unassigned', data: dedicatedAccountData(account) };
  });

  // ---- test-only controls ----
  /** The outside world: someone's bank sends `amount` kobo to the account. */
  app.post<{ Params: { accountNumber: string } }>(
    '/__fake/dedicated_accounts/:accountNumber/transfers',
    async (request, reply) => {
      const account = byNumber(request.params.accountNumber);
      if (!account) return reply.code(404).send(accountNotFound);
      const body = (request.body ?? {}) as Record<string, unknown>;
      const amount = typeof body.amount === 'string' && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) {
        return reply.code(400).send({ status: false, message: 'amount (kobo, a positive integer) is required' });
      }
      const paidAt = text(body.paid_at);
      if (paidAt !== null && Number.isNaN(Date.parse(paidAt))) {
        return reply.code(400).send({ status: false, message: 'paid_at must be a date' });
      }
      const done = await transfer(account, {
        amount,
        senderName: text(body.sender_name) ?? undefined,
        senderBank: text(body.sender_bank) ?? undefined,
        senderAccountNumber: text(body.sender_account_number) ?? undefined,
        narration: text(body.narration) ?? undefined,
        currency: text(body.currency) ?? undefined,
        deliver: body.deliver !== false,
        paidAt: paidAt === null ? undefined : new Date(paidAt).toISOString(),
      });
      return {
        status: true,
        message: 'Transfer received',
        data: verifyData(done.transaction),
        webhook: { delivered: body.deliver !== false, status: done.webhookStatus },
      };
    },
  );

  /** From now on, assignments fail (`dedicatedaccount.assign.failed`) while `fail` is true. */
  app.post('/__fake/dedicated_accounts/assignments', async (request) => {
    failAssignments = (request.body as { fail?: unknown } | undefined)?.fail === true;
    return { status: true, data: { failAssignments } };
  });

  // ---- the demo's bank app ----
  const page = (account: FakeDedicatedAccount, extra: Partial<Parameters<typeof bankPage>[0]> = {}) =>
    bankPage({
      provider: 'Paystack',
      accountNumber: account.accountNumber,
      accountName: account.accountName,
      bankName: account.bank.name,
      active: account.active,
      actionPath: `/bank/${account.accountNumber}`,
      credits: creditsOf(account)
        .reverse()
        .slice(0, 10)
        .map((t) => ({
          amountKobo: t.amount,
          currency: t.currency,
          senderName: t.transfer?.senderName ?? '',
          paidAt: t.paidAt ?? t.createdAt,
          reference: t.reference,
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
    if (!form.ok) {
      const values = (request.body ?? {}) as Partial<Record<BankField, string>>;
      return reply
        .code(400)
        .type('text/html')
        .send(page(account, { error: form.error, values }));
    }
    const { transaction, webhookStatus } = await transfer(account, {
      amount: form.transfer.amountKobo,
      senderName: form.transfer.senderName,
      senderBank: form.transfer.senderBank,
      senderAccountNumber: form.transfer.senderAccountNumber,
      narration: form.transfer.narration,
    });
    const told =
      webhookStatus !== null && webhookStatus >= 200 && webhookStatus < 300
        ? 'The business was notified.'
        : 'The business was not notified yet (its webhook did not answer 2xx).';
    return reply.type('text/html').send(
      page(account, {
        note: `Sent NGN ${(transaction.amount / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })}. Reference ${transaction.reference}. ${told}`,
      }),
    );
  });

  return {
    /** Every DVA, oldest first. */
    accounts: () => [...accounts],
    account: (accountNumber: string) => byNumber(accountNumber),
    /** A transfer into the DVA with this number, as the control action makes it. */
    async transfer(accountNumber: string, input: TransferInput) {
      const account = byNumber(accountNumber);
      if (!account) throw new Error(`no dedicated account ${accountNumber}`);
      const done = await transfer(account, input);
      return { transaction: verifyData(done.transaction), webhookStatus: done.webhookStatus };
    },
    setFailAssignments(on: boolean) {
      failAssignments = on;
    },
    /**
     * Knows again an account opened before this fake last started: the app's database outlives the
     * fake's memory (the demo's does), and the family's number must still take transfers. The same
     * number twice restores once.
     */
    restore(record: RestoredDedicatedAccount) {
      const existing = byNumber(record.accountNumber);
      if (existing) return existing;
      const bank = DVA_BANKS.find((b) => b.slug === record.bankSlug);
      if (!bank) throw new Error(`no dedicated account bank ${record.bankSlug}`);
      const customer = ctx.customers.ensure(
        record.customer.email,
        { first_name: record.customer.firstName, last_name: record.customer.lastName, phone: record.customer.phone },
        true,
      );
      customer.code = record.customer.code;
      const now = new Date().toISOString();
      const account: FakeDedicatedAccount = {
        id: record.id,
        accountNumber: record.accountNumber,
        accountName: record.accountName,
        bank: { name: bank.name, id: bank.id, slug: bank.slug },
        customer,
        active: record.active,
        assigned: true,
        createdAt: now,
        updatedAt: now,
        assignedAt: now,
        expiredAt: null,
      };
      accounts.push(account);
      nextAccountId = Math.max(nextAccountId, record.id + 1);
      return account;
    },
  };
}

/** What restoring an account needs: the account and its customer as the app recorded them. */
export interface RestoredDedicatedAccount {
  id: number;
  accountNumber: string;
  accountName: string;
  bankSlug: string;
  active: boolean;
  customer: { email: string; firstName: string; lastName: string; phone: string; code: string };
}
