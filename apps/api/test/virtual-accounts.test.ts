import { randomUUID } from 'node:crypto';
import { LAGOS, todayIn } from '@schoolledger/domain';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import {
  auditLogs,
  familyCreditBalances,
  notifications,
  parentStudents,
  paymentProfiles,
  payments,
  users,
  virtualAccountCredits,
  virtualAccounts,
} from '../src/db/schema.js';
import { restoreDemoVirtualAccounts } from '../src/demo/virtual-accounts.js';
import { hashPassword } from '../src/lib/passwords.js';
import { encryptSecret } from '../src/lib/secrets.js';
import { payFamilyFeesInOrder } from '../src/modules/payments/transfers/pay-fees-in-order.service.js';
import { creditListedTransfers, creditTransfer } from '../src/modules/virtual-accounts/credits.service.js';
import { runVirtualAccountRequery } from '../src/modules/virtual-accounts/requery.job.js';
import { aClassArm, aSchool, aSession, aStudent, aTerm, type School, type User } from './builders.js';
import { bearer, DEMO_PASSWORD, insertUser, login, useTestApp } from './helper.js';
import { bursarOf, loadPaymentIds, until } from './payments-support.js';

/*
 * A family's own account number at a school (Paystack dedicated virtual accounts), end to end on
 * the local Paystack: the school's own key opens the accounts, money sent to them through the
 * fake's bank arrives as signed webhooks over real HTTP and pays the family's fees oldest first.
 */

const SCHOOL_KEY = 'sk_test_virtual_accounts_school_own';
/** The app-wide account is another business: nothing of the school's may be opened or checked with it. */
const APP_KEY = 'sk_test_virtual_accounts_app_wide';

interface Family {
  parent: User;
  children: User[];
}

describe("families' virtual accounts", () => {
  let fake: PaystackFake;
  const env: Record<string, string> = { PAYSTACK_SECRET_KEY: APP_KEY };
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey: SCHOOL_KEY, businessName: 'Lekki Academy' });
    env.PAYSTACK_BASE_URL = fake.url;
  });
  afterAll(async () => {
    await fake?.close();
  });
  const t = useTestApp({ env });

  let school: School;
  let termId = '';
  /** Ngozi Okeke and her two children; Kunle Adeyemi and his one. */
  let okeke: Family;
  let adeyemi: Family;
  /** A student of the school with no parent linked. */
  let ifeoma: User;
  const fees: Record<string, string> = {};
  const accountOf: Record<string, { _id: string; account_number: string; account_name: string }> = {};

  const send = async (
    who: string | { authorization: string },
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: typeof who === 'string' ? await t.as(who) : who,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function signedIn(user: User) {
    await t.ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(DEMO_PASSWORD), mustChangePassword: false })
      .where(eq(users.id, user.id));
    const response = await login(t, user.email);
    expect(response.statusCode, response.body).toBe(200);
    return bearer(response.json().data.token as string);
  }

  async function aFamily(parent: { firstname: string; lastname: string }, childNames: string[], armId: string) {
    const made = await insertUser(t, {
      email: `${parent.firstname.toLowerCase()}-${randomUUID().slice(0, 6)}@example.ng`,
      roles: ['Parent'],
      schoolId: school.id,
    });
    const [row] = await t.ctx.db
      .update(users)
      .set({ ...parent, phone: '08031230000' })
      .where(eq(users.id, made.id))
      .returning();
    const children: User[] = [];
    for (const firstname of childNames) {
      const child = await aStudent(t, {
        school_id: school.id,
        classArm_id: armId,
        firstname,
        lastname: parent.lastname,
      });
      await t.ctx.db.insert(parentStudents).values({ parentId: made.id, studentId: child.id, schoolId: school.id });
      children.push(child);
    }
    return { parent: row!, children };
  }

  /** An approved fee of the school for the chosen students, due on `dueDate`. */
  async function feeFor(students: User[], amount: string, dueDate: string) {
    const response = await send('admin', 'POST', '/fee/create', {
      term_id: termId,
      school_id: school.id,
      name: `Fee ${randomUUID().slice(0, 8)}`,
      description: 'Virtual accounts test',
      type: 'miscellaneous',
      amount,
      isApproved: true,
      dueDate,
      appliesTo: 'students',
      student_ids: students.map((student) => student.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data._id as string;
  }

  /** Someone's bank sends `naira` to the account, through the fake's control action; the webhook's answer. */
  async function transfer(accountNumber: string, naira: number, extra: Record<string, unknown> = {}) {
    const response = await fetch(`${fake.url}/__fake/dedicated_accounts/${accountNumber}/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: naira * 100, sender_name: 'NGOZI OKEKE', sender_bank: 'Access Bank', ...extra }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      data: { id: number; reference: string };
      webhook: { delivered: boolean; status: number | null };
    };
  }

  const arrivalOf = async (reference: string) =>
    (await t.ctx.db.select().from(virtualAccountCredits).where(eq(virtualAccountCredits.reference, reference)))[0];
  const settledArrival = async (reference: string) => {
    await until(async () => (await arrivalOf(reference)) !== undefined, 10_000);
    return (await arrivalOf(reference))!;
  };
  const paymentsOf = async (ids: string[]) =>
    ids.length ? t.ctx.db.select().from(payments).where(inArray(payments.id, ids)) : [];
  const creditOf = async (parentId: string) =>
    (await t.ctx.db.select().from(familyCreditBalances).where(eq(familyCreditBalances.parentId, parentId)))[0]
      ?.balanceKobo ?? 0n;

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    // The fake delivers its webhooks over real HTTP, so the app listens on a loopback port.
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    fake.setWebhookUrl(`${address}/api/v1/payment/paystack/webhook`);
    school = await aSchool(t, { name: 'Lekki Academy' });
    const session = await aSession(t, { school_id: school.id });
    termId = (await aTerm(t, { session: session.id })).id;
    const arm = await aClassArm(t, { school_id: school.id });
    okeke = await aFamily({ firstname: 'Ngozi', lastname: 'Okeke' }, ['Chidera', 'Obinna'], arm.id);
    adeyemi = await aFamily({ firstname: 'Kunle', lastname: 'Adeyemi' }, ['Tolani'], arm.id);
    ifeoma = await aStudent(t, { school_id: school.id, classArm_id: arm.id, firstname: 'Ifeoma', lastname: 'Bello' });
    const [chidera, obinna] = okeke.children as [User, User];
    // Oldest due first across the two children: Obinna's, then Chidera's two.
    fees.chideraTuition = await feeFor([chidera], '1000', '2025-10-01');
    fees.obinnaTuition = await feeFor([obinna], '2000', '2025-09-20');
    fees.chideraUniform = await feeFor([chidera], '3000', '2025-11-15');
    fees.ifeoma = await feeFor([ifeoma], '1500', '2025-10-01');
  });

  it("is switched on only once the school's own Paystack key is saved, and opens nothing while off", async () => {
    const off = await send('admin', 'POST', '/virtual-accounts', { school_id: school.id, holder_id: okeke.parent.id });
    expect(off.statusCode, off.body).toBe(409);
    expect(off.json().code).toBe('VIRTUAL_ACCOUNTS_OFF');

    const noKey = await send('admin', 'PUT', '/virtual-accounts/settings', { school_id: school.id, enabled: true });
    expect(noKey.statusCode, noKey.body).toBe(422);
    expect(noKey.json().code).toBe('API_KEYS_REQUIRED');

    await t.ctx.db.insert(paymentProfiles).values({
      schoolId: school.id,
      psSecretKeyEnc: encryptSecret(SCHOOL_KEY, t.ctx.encryptionKey),
    });
    // A bursar may see the switch, not change it: opening accounts is configuration.
    const bursar = await send('bursar', 'PUT', '/virtual-accounts/settings', { school_id: school.id, enabled: true });
    expect(bursar.statusCode).toBe(403);
    const on = await send('admin', 'PUT', '/virtual-accounts/settings', {
      school_id: school.id,
      enabled: true,
      preferred_bank: 'wema-bank',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ enabled: true, preferred_bank: 'wema-bank', keys_saved: true });
    const read = await send('admin', 'GET', `/virtual-accounts/settings?school_id=${school.id}`);
    expect(read.json().data).toMatchObject({ school_id: school.id, enabled: true, provider: 'paystack' });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'virtual_account_settings'), eq(auditLogs.schoolId, school.id)));
    expect(audit).toMatchObject({ action: 'virtual_account_settings.create', category: 'financial' });
  });

  it('opens one account per family, named after the parent and never a child, and answers the same one again', async () => {
    const opened = await send('admin', 'POST', '/virtual-accounts', {
      school_id: school.id,
      holder_id: okeke.parent.id,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { account } = opened.json().data;
    expect(opened.json().data.opened).toBe(true);
    expect(account).toMatchObject({
      holder: { _id: okeke.parent.id, name: 'Ngozi Okeke', kind: 'parent' },
      provider: 'paystack',
      bank_name: 'Wema Bank',
      active: true,
    });
    expect(account.account_number).toMatch(/^\d{10}$/);
    expect(account.account_name).toBe('LEKKI ACADEMY / NGOZI OKEKE');
    for (const child of okeke.children) expect(account.account_name).not.toContain(child.firstname.toUpperCase());
    accountOf.okeke = account;

    const again = await send('admin', 'POST', '/virtual-accounts', {
      school_id: school.id,
      holder_id: okeke.parent.id,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ opened: false, account: { _id: account._id } });
    // The school's own business opened it, once.
    expect(fake.dedicatedAccounts().filter((dva) => dva.accountNumber === account.account_number)).toHaveLength(1);

    // A child whose family has a parent shares the parent's account.
    const child = await send('admin', 'POST', '/virtual-accounts', {
      school_id: school.id,
      holder_id: okeke.children[0]!.id,
    });
    expect(child.statusCode, child.body).toBe(409);
    expect(child.json().code).toBe('VIRTUAL_ACCOUNT_HOLDER_HAS_PARENT');
    const nobody = await send('admin', 'POST', '/virtual-accounts', { school_id: school.id, holder_id: randomUUID() });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().code).toBe('VIRTUAL_ACCOUNT_HOLDER_NOT_FOUND');

    // A student with no parent: the school's name, "Family" and the payment code, never the child's name.
    const own = await send('admin', 'POST', '/virtual-accounts', { school_id: school.id, holder_id: ifeoma.id });
    expect(own.statusCode, own.body).toBe(200);
    const ifeomaAccount = own.json().data.account;
    expect(ifeomaAccount.holder).toMatchObject({ kind: 'student', payment_code: ifeoma.paymentCode });
    expect(ifeomaAccount.account_name).toBe(`LEKKI ACADEMY / LEKKI ACADEMY FAMILY ${ifeoma.paymentCode}`);
    expect(ifeomaAccount.account_name).not.toMatch(/IFEOMA|BELLO/);
    accountOf.ifeoma = ifeomaAccount;
  });

  it('opens the accounts of every family that has none in one bounded call', async () => {
    const bursar = await send('bursar', 'POST', '/virtual-accounts/open-all', { school_id: school.id });
    expect(bursar.statusCode).toBe(403);
    const all = await send('admin', 'POST', '/virtual-accounts/open-all', { school_id: school.id, limit: 10 });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toEqual({ opened: 1, failed: 0, remaining: 0, failures: [] });
    const again = await send('admin', 'POST', '/virtual-accounts/open-all', { school_id: school.id });
    expect(again.json().data).toMatchObject({ opened: 0, remaining: 0 });

    const list = await send('admin', 'GET', `/virtual-accounts?school_id=${school.id}`);
    expect(list.statusCode, list.body).toBe(200);
    const accounts = list.json().data.accounts as ((typeof accountOf)[string] & {
      holder: { _id: string; name: string };
    })[];
    expect(accounts.map((row) => row.holder.name).sort()).toEqual(['Ifeoma Bello', 'Kunle Adeyemi', 'Ngozi Okeke']);
    expect(list.json().data.pagination).toMatchObject({ total: 3, page: 1 });
    accountOf.adeyemi = accounts.find((row) => row.holder._id === adeyemi.parent.id)!;
    const found = await send('admin', 'GET', `/virtual-accounts?school_id=${school.id}&search=okeke`);
    expect(found.json().data.accounts.map((row: { _id: string }) => row._id)).toEqual([accountOf.okeke!._id]);
  });

  it("pays the family's fees oldest due first across the children, each its own receipt", async () => {
    const sent = await transfer(accountOf.okeke!.account_number, 4000, { narration: 'SCHOOL FEES FIRST TERM' });
    expect(sent.webhook.status).toBe(200);
    const arrival = await settledArrival(sent.data.reference);
    expect(arrival).toMatchObject({
      status: 'credited',
      amountKobo: 400_000n,
      currency: 'NGN',
      senderName: 'NGOZI OKEKE',
      senderBank: 'Access Bank',
      narration: 'SCHOOL FEES FIRST TERM',
      providerTransactionId: String(sent.data.id),
      unplacedKobo: 0n,
      reason: null,
    });
    const paid = await paymentsOf(arrival.paymentIds);
    const byFee = new Map(paid.map((payment) => [payment.feeId, payment]));
    expect(paid).toHaveLength(3);
    expect(byFee.get(fees.obinnaTuition!)).toMatchObject({ amountKobo: 200_000n, studentId: okeke.children[1]!.id });
    expect(byFee.get(fees.chideraTuition!)).toMatchObject({ amountKobo: 100_000n, studentId: okeke.children[0]!.id });
    expect(byFee.get(fees.chideraUniform!)).toMatchObject({ amountKobo: 100_000n, isInstallment: true });
    for (const payment of paid) {
      expect(payment).toMatchObject({
        status: 'success',
        method: 'bank_transfer',
        channel: 'dedicated_nuban',
        providerReference: sent.data.reference,
      });
      expect(payment.receiptNo).toBeTruthy();
    }
    // The order of the payments is the order of the due dates.
    expect(arrival.paymentIds).toEqual([
      byFee.get(fees.obinnaTuition!)!.id,
      byFee.get(fees.chideraTuition!)!.id,
      byFee.get(fees.chideraUniform!)!.id,
    ]);

    // The bursary reads one arrival with its lines.
    const list = await send('bursar', 'GET', `/virtual-accounts/credits?school_id=${school.id}`);
    expect(list.statusCode).toBe(404);
    const credits = await send('admin', 'GET', `/virtual-accounts/credits?school_id=${school.id}`);
    expect(credits.statusCode, credits.body).toBe(200);
    const [shown] = credits.json().data.credits;
    expect(shown).toMatchObject({
      reference: sent.data.reference,
      amount: 4000,
      status: 'credited',
      unplaced: 0,
      account: { _id: accountOf.okeke!._id, holder: { name: 'Ngozi Okeke', kind: 'parent' } },
      sender: { name: 'NGOZI OKEKE', bank: 'Access Bank' },
    });
    expect(shown.payments.map((line: { amount: number; fee: { _id: string } }) => [line.fee._id, line.amount])).toEqual(
      [
        [fees.obinnaTuition, 2000],
        [fees.chideraTuition, 1000],
        [fees.chideraUniform, 1000],
      ],
    );

    // The parent hears of each fee paid, as money that paid by itself: nobody "confirmed" it.
    const told = await t.ctx.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, okeke.parent.id), eq(notifications.kind, 'transfer_confirmed')));
    expect(told).toHaveLength(3);
    for (const notice of told) {
      expect(notice.title).toMatch(/^Bank transfer received: /);
      expect(notice.message).toMatch(/^Your transfer of ₦[\d,.]+ into your family's account paid .+ Receipt /);
    }
  });

  it("keeps what is beyond everything owed as the family's credit", async () => {
    const sent = await transfer(accountOf.okeke!.account_number, 6000);
    const arrival = await settledArrival(sent.data.reference);
    expect(arrival).toMatchObject({ status: 'credited', unplacedKobo: 0n });
    const [payment] = await paymentsOf(arrival.paymentIds);
    // The last fee takes the money and its excess moves to the family's credit.
    expect(payment).toMatchObject({ feeId: fees.chideraUniform, amountKobo: 600_000n });
    expect(await creditOf(okeke.parent.id)).toBe(400_000n);
  });

  it('credits a transfer once, however often its webhook comes, and twice at the same moment', async () => {
    const chidera = okeke.children[0]!;
    fees.chideraBooks = await feeFor([chidera], '2500', '2025-12-01');
    const sent = await transfer(accountOf.okeke!.account_number, 1000);
    const first = await settledArrival(sent.data.reference);
    const resent = await fetch(`${fake.url}/__fake/transactions/${sent.data.reference}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 5 }),
    });
    expect(((await resent.json()) as { data: { statuses: number[] } }).data.statuses).toEqual([
      200, 200, 200, 200, 200,
    ]);
    await fake.settled();
    const rows = await t.ctx.db
      .select()
      .from(virtualAccountCredits)
      .where(eq(virtualAccountCredits.reference, sent.data.reference));
    expect(rows.map((row) => row.id)).toEqual([first.id]);
    const onBooks = await t.ctx.db.select().from(payments).where(eq(payments.providerReference, sent.data.reference));
    expect(onBooks).toHaveLength(1);

    // A webhook lost, then processed twice at once (a retry and a requery racing): the unique
    // transaction id inside the crediting transaction lets one through.
    const lost = await transfer(accountOf.okeke!.account_number, 500, { deliver: false });
    const payload = { event: 'charge.success', data: await verifyData(lost.data.reference) };
    await Promise.all(
      [1, 2, 3].map(() =>
        creditTransfer({
          ctx: t.ctx,
          via: 'paystack',
          payload,
          provider: null,
          schoolId: null,
          payFees: payFamilyFeesInOrder,
        }),
      ),
    );
    const raced = await t.ctx.db
      .select()
      .from(virtualAccountCredits)
      .where(eq(virtualAccountCredits.reference, lost.data.reference));
    expect(raced).toHaveLength(1);
    expect(raced[0]!.status).toBe('credited');
    expect(
      await t.ctx.db.select().from(payments).where(eq(payments.providerReference, lost.data.reference)),
    ).toHaveLength(1);
  });

  /** What Paystack's verify answers for a transaction: the data of its charge.success. */
  async function verifyData(reference: string) {
    const response = await fetch(`${fake.url}/transaction/verify/${reference}`, {
      headers: { authorization: `Bearer ${SCHOOL_KEY}` },
    });
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  }

  it('holds money in another currency, or that Paystack reports otherwise than the webhook, and credits none of it', async () => {
    const dollars = await transfer(accountOf.adeyemi!.account_number, 50, { currency: 'USD' });
    const held = await settledArrival(dollars.data.reference);
    expect(held).toMatchObject({ status: 'review', unplacedKobo: 5_000n, currency: 'USD', paymentIds: [] });
    expect(held.reason).toContain('USD');

    // The webhook claims ₦1 more than Paystack's own record of the transfer.
    const lost = await transfer(accountOf.adeyemi!.account_number, 700, { deliver: false });
    const resent = await fetch(`${fake.url}/__fake/transactions/${lost.data.reference}/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ override: { amount: 70_100 } }),
    });
    expect(resent.status).toBe(200);
    const doubted = await settledArrival(lost.data.reference);
    expect(doubted).toMatchObject({ status: 'review', paymentIds: [], amountKobo: 70_100n });
    expect(doubted.reason).toMatch(/₦700.*₦701/);
    const onBooks = await t.ctx.db
      .select()
      .from(payments)
      .where(inArray(payments.providerReference, [dollars.data.reference, lost.data.reference]));
    expect(onBooks).toEqual([]);
  });

  it('records and ignores a transfer to a number the school did not open through SchoolLedger', async () => {
    const reference = `T${Date.now()}${randomUUID().slice(0, 6)}`;
    const status = await fake.sendEvent('charge.success', {
      id: 990_001,
      reference,
      amount: 250_000,
      currency: 'NGN',
      status: 'success',
      paid_at: new Date().toISOString(),
      channel: 'dedicated_nuban',
      authorization: {
        channel: 'dedicated_nuban',
        receiver_bank_account_number: '9912345678',
        sender_name: 'A STRANGER',
      },
    });
    expect(status).toBe(200);
    const ignored = await settledArrival(reference);
    expect(ignored).toMatchObject({
      status: 'ignored',
      schoolId: school.id,
      accountId: null,
      receiverAccountNumber: '9912345678',
      paymentIds: [],
    });

    // Signed with no key of ours at all: refused, recorded nowhere.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/paystack/webhook',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'ab'.repeat(64) },
      payload: {
        event: 'charge.success',
        data: {
          id: 1,
          reference: 'FORGED',
          authorization: { channel: 'dedicated_nuban', receiver_bank_account_number: accountOf.okeke!.account_number },
        },
      },
    });
    expect(forged.statusCode).toBe(401);
    expect(await arrivalOf('FORGED')).toBeUndefined();
  });

  it('credits a transfer whose webhook never came, from the daily requery and from the on-demand one', async () => {
    const lost = await transfer(accountOf.ifeoma!.account_number, 500, { deliver: false, sender_name: 'MRS BELLO' });
    expect(lost.webhook).toEqual({ delivered: false, status: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await arrivalOf(lost.data.reference)).toBeUndefined();

    const pass = await runVirtualAccountRequery(t.ctx, { day: todayIn(LAGOS) });
    expect(pass).toMatchObject({ asked: expect.any(Number), failed: 0, skipped: 0 });
    expect(pass.asked).toBeGreaterThanOrEqual(3);
    const recovered = await settledArrival(lost.data.reference);
    expect(recovered).toMatchObject({ status: 'credited', amountKobo: 50_000n });
    const [payment] = await paymentsOf(recovered.paymentIds);
    expect(payment).toMatchObject({ feeId: fees.ifeoma, studentId: ifeoma.id, amountKobo: 50_000n, status: 'success' });

    // More than the student owes, and no parent to keep the rest: the rest waits for a person.
    const again = await transfer(accountOf.ifeoma!.account_number, 2000, { deliver: false });
    const bursar = await send('bursar', 'POST', `/virtual-accounts/${accountOf.ifeoma!._id}/requery`, {});
    expect(bursar.statusCode).toBe(404);
    const asked = await send('admin', 'POST', `/virtual-accounts/${accountOf.ifeoma!._id}/requery`, {});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toEqual({ account_number: accountOf.ifeoma!.account_number, date: todayIn(LAGOS) });
    const rest = await settledArrival(again.data.reference);
    expect(rest).toMatchObject({ status: 'review', unplacedKobo: 100_000n });
    expect(rest.reason).toContain('No parent');
    expect(await paymentsOf(rest.paymentIds)).toEqual([expect.objectContaining({ amountKobo: 100_000n })]);
  });

  it("credits a transfer no notification brought from Paystack's own list of the day, once", async () => {
    const unheard = await transfer(accountOf.okeke!.account_number, 300, {
      deliver: false,
      sender_name: 'NGOZI OKEKE',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await arrivalOf(unheard.data.reference)).toBeUndefined();
    const first = await creditListedTransfers(t.ctx, { day: todayIn(LAGOS), payFees: payFamilyFeesInOrder });
    expect(first).toMatchObject({ failed: 0, credited: 1 });
    expect(first.listed).toBeGreaterThan(1);
    // Placed as its notification would have placed it: beyond the fees, the family's credit.
    expect(await arrivalOf(unheard.data.reference)).toMatchObject({
      status: 'credited',
      amountKobo: 30_000n,
      senderName: 'NGOZI OKEKE',
      accountId: accountOf.okeke!._id,
    });
    const second = await creditListedTransfers(t.ctx, { day: todayIn(LAGOS), payFees: payFamilyFeesInOrder });
    expect(second).toMatchObject({ failed: 0, credited: 0, listed: first.listed });
  });

  it("refuses another school's bursar (404) on every account route and credit list", async () => {
    const ids = await loadPaymentIds(t);
    const elsewhere = await bursarOf(t, ids.secondSchool);
    for (const [method, url, body] of [
      ['GET', `/virtual-accounts?school_id=${school.id}`, undefined],
      ['GET', `/virtual-accounts/credits?school_id=${school.id}`, undefined],
      ['GET', `/virtual-accounts/settings?school_id=${school.id}`, undefined],
      ['POST', `/virtual-accounts/${accountOf.okeke!._id}/requery`, {}],
    ] as const) {
      const response = await send(elsewhere, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const own = await send(elsewhere, 'GET', `/virtual-accounts?school_id=${ids.secondSchool}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.accounts).toEqual([]);
  });

  it("shows a parent their family's account only, and a student the account their family pays into", async () => {
    const mine = await send(await signedIn(okeke.parent), 'GET', '/virtual-accounts/mine');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.accounts).toEqual([
      {
        school: { _id: school.id, name: 'Lekki Academy' },
        account: {
          bank_name: 'Wema Bank',
          account_number: accountOf.okeke!.account_number,
          account_name: 'LEKKI ACADEMY / NGOZI OKEKE',
          // Only the demo, whose start runs a local bank, links one.
          demo_bank_url: null,
        },
        payment_code: okeke.parent.paymentCode,
        open_with_bvn: false,
        instructions: expect.stringContaining('No payment code is needed'),
      },
    ]);
    const theirs = await send(await signedIn(adeyemi.parent), 'GET', '/virtual-accounts/mine');
    expect(
      theirs.json().data.accounts.map((row: { account: { account_number: string } }) => row.account.account_number),
    ).toEqual([accountOf.adeyemi!.account_number]);
    const child = await send(await signedIn(okeke.children[1]!), 'GET', '/virtual-accounts/mine');
    expect(child.json().data.accounts[0].account.account_number).toBe(accountOf.okeke!.account_number);
    const alone = await send(await signedIn(ifeoma), 'GET', '/virtual-accounts/mine');
    expect(alone.json().data.accounts[0]).toMatchObject({
      account: { account_number: accountOf.ifeoma!.account_number },
      payment_code: ifeoma.paymentCode,
    });
    // A family whose schools do not take virtual accounts is shown none.
    const demo = await send('parent', 'GET', '/virtual-accounts/mine');
    expect(demo.json().data).toEqual({ accounts: [] });
    // Staff have no family account of their own to see.
    expect((await send('bursar', 'GET', '/virtual-accounts/mine')).statusCode).toBe(403);
  });

  it('deactivates an account with a reason, at Paystack too, and still credits money sent to it later', async () => {
    const bursar = await send('bursar', 'POST', `/virtual-accounts/${accountOf.adeyemi!._id}/deactivate`, {
      reason: 'Family left',
    });
    expect(bursar.statusCode).toBe(403);
    const closed = await send('admin', 'POST', `/virtual-accounts/${accountOf.adeyemi!._id}/deactivate`, {
      reason: 'Family moved to Abuja',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      active: false,
      deactivation_reason: 'Family moved to Abuja',
      deactivatedBy: { name: expect.any(String) },
    });
    expect(fake.dedicatedAccount(accountOf.adeyemi!.account_number)?.active).toBe(false);
    const twice = await send('admin', 'POST', `/virtual-accounts/${accountOf.adeyemi!._id}/deactivate`, {
      reason: 'Again',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('VIRTUAL_ACCOUNT_INACTIVE');

    const tolani = adeyemi.children[0]!;
    const fee = await feeFor([tolani], '800', '2025-10-10');
    const late = await transfer(accountOf.adeyemi!.account_number, 800);
    const arrival = await settledArrival(late.data.reference);
    expect(arrival).toMatchObject({ status: 'credited' });
    expect(await paymentsOf(arrival.paymentIds)).toEqual([
      expect.objectContaining({ feeId: fee, studentId: tolani.id, amountKobo: 80_000n }),
    ]);
    const [row] = await t.ctx.db.select().from(virtualAccounts).where(eq(virtualAccounts.id, accountOf.adeyemi!._id));
    expect(row).toMatchObject({ active: false, deactivationReason: 'Family moved to Abuja' });
    // A new account may be opened for the family later; the old number still maps to it.
    const reopened = await send('admin', 'POST', '/virtual-accounts', {
      school_id: school.id,
      holder_id: adeyemi.parent.id,
    });
    expect(reopened.json().data).toMatchObject({ opened: true });
    expect(reopened.json().data.account.account_number).not.toBe(accountOf.adeyemi!.account_number);
  });
  it('is known again, every account with its number, name, bank, customer and state, by a local Paystack started afresh (as the demo restores it)', async () => {
    const restarted = await startPaystackFake({ secretKey: SCHOOL_KEY, businessName: 'Lekki Academy' });
    try {
      await restoreDemoVirtualAccounts(t.ctx, {
        restoreAccount: (record) => restarted.restoreDedicatedAccount(record),
      });
      const known = (of: PaystackFake) =>
        of
          .dedicatedAccounts()
          .map((account) => ({
            id: account.id,
            number: account.accountNumber,
            name: account.accountName,
            bank: account.bank.slug,
            active: account.active,
            customer: [account.customer.email, account.customer.code, account.customer.firstName],
          }))
          .sort((a, b) => a.number.localeCompare(b.number));
      const before = known(fake);
      // Deactivated ones included: money still sent to them must land.
      expect(before.filter((account) => !account.active)).toHaveLength(1);
      expect(known(restarted)).toEqual(before);
      // Restoring twice (a second start before any new account) knows each number once.
      await restoreDemoVirtualAccounts(t.ctx, {
        restoreAccount: (record) => restarted.restoreDedicatedAccount(record),
      });
      expect(restarted.dedicatedAccounts()).toHaveLength(before.length);
    } finally {
      await restarted.close();
    }
  });

  it('leaves an audit row for each arrival and credit, and the books agreeing with the records', async () => {
    const rows = await t.ctx.db
      .select({ action: auditLogs.action, after: auditLogs.after })
      .from(auditLogs)
      .where(eq(auditLogs.schoolId, school.id));
    const actions = rows.map((row) => row.action);
    for (const action of [
      'virtual_account.open',
      'virtual_account.open_all',
      'virtual_account.deactivate',
      'virtual_account.requery',
      'virtual_account_credit.credit',
      'virtual_account_credit.hold',
      'virtual_account_credit.ignore',
    ])
      expect(actions, action).toContain(action);
    const credits = rows.filter((row) => row.action === 'payment.credit');
    expect(credits.length).toBeGreaterThan(5);
    expect([...new Set(credits.map((row) => (row.after as { source?: string }).source))]).toEqual(['virtual_account']);
    expect(await rowsOf(t.ctx.db, sql`select * from ledger_disagreements(${school.id}::uuid)`)).toEqual([]);
  });
});
