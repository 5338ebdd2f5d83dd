import { randomUUID } from 'node:crypto';
import { type FlutterwaveFake, startFlutterwaveFake } from '@schoolledger/provider-fakes';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import {
  notifications,
  parentStudents,
  paymentProfiles,
  payments,
  users,
  virtualAccountCredits,
  virtualAccounts,
} from '../src/db/schema.js';
import { hashPassword } from '../src/lib/passwords.js';
import { encryptSecret } from '../src/lib/secrets.js';
import { payFamilyFeesInOrder } from '../src/modules/payments/transfers/pay-fees-in-order.service.js';
import { creditTransfer } from '../src/modules/virtual-accounts/credits.service.js';
import { aClassArm, aSchool, aSession, aStudent, aTerm, type School, type User } from './builders.js';
import { bearer, DEMO_PASSWORD, insertUser, login, multipart, useTestApp } from './helper.js';
import { bursarOf, until } from './payments-support.js';

/*
 * A family's own account number through Flutterwave's static virtual accounts, end to end on the
 * local Flutterwave: Flutterwave opens one only with the holder's BVN, so the parent opens it from
 * the fees page; every transfer into it repeats the account's tx_ref, so each is told apart by its
 * own id and credited once.
 */

const SCHOOL_KEY = 'FLWSECK_TEST-family-accounts-school';
const SCHOOL_HASH = 'family-accounts-secret-hash';
const BVN = '22212345678';

describe("families' virtual accounts through Flutterwave", () => {
  let fake: FlutterwaveFake;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startFlutterwaveFake({ secretKey: SCHOOL_KEY, secretHash: SCHOOL_HASH });
    env.FLUTTERWAVE_BASE_URL = fake.baseUrl;
  });
  afterAll(async () => {
    await fake?.close();
  });
  const t = useTestApp({ env });

  let school: School;
  let parent: User;
  let children: User[];
  let parentToken: { authorization: string };
  let accountNumber = '';
  const fees: string[] = [];

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

  /** Someone's bank sends `naira` to the account, through the fake's control action. */
  async function transfer(naira: number, extra: Record<string, unknown> = {}) {
    const response = await fetch(`${fake.url}/__fake/virtual_accounts/${accountNumber}/transfers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: naira, sender_name: 'FUNKE ADEBAYO', sender_bank: 'GTBank', ...extra }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as {
      data: { id: number; tx_ref: string; flw_ref: string };
      webhook: { status: number | null };
    };
  }
  const arrivalOf = async (id: number) =>
    (
      await t.ctx.db
        .select()
        .from(virtualAccountCredits)
        .where(
          and(
            eq(virtualAccountCredits.provider, 'flutterwave'),
            eq(virtualAccountCredits.providerTransactionId, String(id)),
          ),
        )
    )[0];
  const settledArrival = async (id: number) => {
    await until(async () => (await arrivalOf(id)) !== undefined, 10_000);
    return (await arrivalOf(id))!;
  };

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    fake.setWebhookUrl(`${address}/api/v1/payment/flutterwave/webhook`);
    school = await aSchool(t, { name: 'Ikoyi Heights School' });
    const session = await aSession(t, { school_id: school.id });
    const termId = (await aTerm(t, { session: session.id })).id;
    const arm = await aClassArm(t, { school_id: school.id });
    const made = await insertUser(t, {
      email: `funke-${randomUUID().slice(0, 6)}@example.ng`,
      roles: ['Parent'],
      schoolId: school.id,
    });
    const [row] = await t.ctx.db
      .update(users)
      .set({
        firstname: 'Funke',
        lastname: 'Adebayo',
        phone: '08031230001',
        passwordHash: await hashPassword(DEMO_PASSWORD),
        mustChangePassword: false,
      })
      .where(eq(users.id, made.id))
      .returning();
    parent = row!;
    children = [];
    for (const firstname of ['Tobi', 'Kemi']) {
      const child = await aStudent(t, { school_id: school.id, classArm_id: arm.id, firstname, lastname: 'Adebayo' });
      await t.ctx.db.insert(parentStudents).values({ parentId: made.id, studentId: child.id, schoolId: school.id });
      children.push(child);
    }
    parentToken = bearer((await login(t, parent!.email)).json().data.token);
    for (const [child, amount, dueDate] of [
      [children[0]!, '3000', '2025-09-15'],
      [children[1]!, '2000', '2025-10-15'],
    ] as const) {
      const response = await send('admin', 'POST', '/fee/create', {
        term_id: termId,
        school_id: school.id,
        name: `Fee ${randomUUID().slice(0, 8)}`,
        description: 'Flutterwave accounts test',
        type: 'miscellaneous',
        amount,
        isApproved: true,
        dueDate,
        appliesTo: 'students',
        student_ids: [child.id],
      });
      expect(response.statusCode, response.body).toBe(200);
      fees.push(response.json().data._id);
    }
  });

  it("is switched to Flutterwave only with the school's own Flutterwave keys", async () => {
    const noKeys = await send('admin', 'PUT', '/virtual-accounts/settings', {
      school_id: school.id,
      enabled: true,
      provider: 'flutterwave',
    });
    expect(noKeys.statusCode, noKeys.body).toBe(422);
    expect(noKeys.json().errors[0].message).toMatch(/Flutterwave secret key and secret hash/);

    await t.ctx.db.insert(paymentProfiles).values({
      schoolId: school.id,
      fwSecretKeyEnc: encryptSecret(SCHOOL_KEY, t.ctx.encryptionKey),
      fwSecretHashEnc: encryptSecret(SCHOOL_HASH, t.ctx.encryptionKey),
    });
    const on = await send('admin', 'PUT', '/virtual-accounts/settings', {
      school_id: school.id,
      enabled: true,
      provider: 'flutterwave',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({
      enabled: true,
      provider: 'flutterwave',
      keys_saved: true,
      providers_with_keys: ['flutterwave'],
    });
  });

  it('cannot be opened by the school, which has no BVN; the parent is offered to open it', async () => {
    const one = await send('admin', 'POST', '/virtual-accounts', { school_id: school.id, holder_id: parent.id });
    expect(one.statusCode, one.body).toBe(409);
    expect(one.json().code).toBe('VIRTUAL_ACCOUNT_BVN_REQUIRED');
    const all = await send('admin', 'POST', '/virtual-accounts/open-all', { school_id: school.id });
    expect(all.json().code).toBe('VIRTUAL_ACCOUNT_BVN_REQUIRED');

    const mine = await send(parentToken, 'GET', '/virtual-accounts/mine');
    expect(mine.json().data.accounts).toEqual([
      expect.objectContaining({
        school: { _id: school.id, name: 'Ikoyi Heights School' },
        account: null,
        open_with_bvn: true,
        instructions: expect.stringContaining('through Flutterwave'),
      }),
    ]);
  });

  it("opens the parent's account with their BVN and consent, keeping neither the BVN nor a child's name", async () => {
    const short = await send(parentToken, 'POST', '/virtual-accounts/mine', {
      school_id: school.id,
      bvn: '2221234',
      consent: true,
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual([{ field: 'bvn', message: 'A BVN is 11 digits' }]);
    const unconsented = await send(parentToken, 'POST', '/virtual-accounts/mine', { school_id: school.id, bvn: BVN });
    expect(unconsented.statusCode).toBe(422);
    expect(unconsented.json().errors[0].field).toBe('consent');
    const foreign = await send(parentToken, 'POST', '/virtual-accounts/mine', {
      school_id: (await aSchool(t)).id,
      bvn: BVN,
      consent: true,
    });
    expect(foreign.statusCode).toBe(409);

    const opened = await send(parentToken, 'POST', '/virtual-accounts/mine', {
      school_id: school.id,
      bvn: BVN,
      consent: true,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const [entry] = opened.json().data.accounts;
    expect(entry).toMatchObject({
      open_with_bvn: false,
      account: { bank_name: 'WEMA BANK', account_name: 'IKOYI HEIGHTS SCHOOL / FUNKE ADEBAYO' },
    });
    accountNumber = entry.account.account_number;
    expect(accountNumber).toMatch(/^78\d{8}$/);
    // Flutterwave was told the BVN; SchoolLedger kept it nowhere.
    expect(fake.virtualAccount(accountNumber)?.bvn).toBe(BVN);
    const [kept] = await rowsOf<{ n: number }>(
      t.ctx.db,
      sql`select (select count(*) from virtual_accounts where row_to_json(virtual_accounts)::text like ${`%${BVN}%`})
            + (select count(*) from audit_logs where row_to_json(audit_logs)::text like ${`%${BVN}%`}) as n`,
    );
    expect(Number(kept!.n)).toBe(0);
    for (const child of children) expect(entry.account.account_name).not.toContain(child.firstname.toUpperCase());

    // Asked again, the same account.
    const again = await send(parentToken, 'POST', '/virtual-accounts/mine', {
      school_id: school.id,
      bvn: BVN,
      consent: true,
    });
    expect(again.json().data.accounts[0].account.account_number).toBe(accountNumber);
    expect(fake.virtualAccounts().filter((account) => account.email === parent.email)).toHaveLength(1);
  });

  it('credits each transfer into it once, by its own id, though every one repeats the same tx_ref', async () => {
    const first = await transfer(2500);
    const second = await transfer(2500);
    expect(first.data.tx_ref).toBe(second.data.tx_ref);
    expect(first.data.id).not.toBe(second.data.id);
    const [a, b] = [await settledArrival(first.data.id), await settledArrival(second.data.id)];
    for (const arrival of [a, b]) {
      expect(arrival).toMatchObject({
        status: 'credited',
        provider: 'flutterwave',
        receiverAccountNumber: accountNumber,
        amountKobo: 250_000n,
        senderName: 'FUNKE ADEBAYO',
        unplacedKobo: 0n,
      });
    }
    // Oldest due first across the children: Tobi's ₦3,000, then Kemi's ₦2,000.
    const paid = await t.ctx.db
      .select()
      .from(payments)
      .where(inArray(payments.id, [...a.paymentIds, ...b.paymentIds]));
    const byFee = new Map<string, bigint>();
    for (const payment of paid) {
      expect(payment).toMatchObject({ status: 'success', channel: 'virtual_account', method: 'bank_transfer' });
      expect(payment.receiptNo).toBeTruthy();
      byFee.set(payment.feeId, (byFee.get(payment.feeId) ?? 0n) + payment.amountKobo);
    }
    expect(byFee).toEqual(
      new Map([
        [fees[0]!, 300_000n],
        [fees[1]!, 200_000n],
      ]),
    );

    // A transfer whose notification was lost, credited from the same notice three times at once: once.
    const lost = await transfer(1000, { deliver: false });
    expect(await arrivalOf(lost.data.id)).toBeUndefined();
    const verified = await fetch(`${fake.baseUrl}/transactions/${lost.data.id}/verify`, {
      headers: { authorization: `Bearer ${SCHOOL_KEY}` },
    });
    const payload = { event: 'charge.completed', data: ((await verified.json()) as { data: unknown }).data };
    await Promise.all(
      [1, 2, 3].map(() =>
        creditTransfer({
          ctx: t.ctx,
          via: 'flutterwave',
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
      .where(eq(virtualAccountCredits.providerTransactionId, String(lost.data.id)));
    expect(raced).toHaveLength(1);
    // Both children's fees were paid by the first two: this one waits for a person.
    expect(raced[0]).toMatchObject({ status: 'review', unplacedKobo: 100_000n });

    const told = await t.ctx.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, parent.id), eq(notifications.kind, 'transfer_confirmed')));
    expect(told.length).toBeGreaterThanOrEqual(2);
    for (const notice of told) expect(notice.message).toMatch(/into your family's account paid/);
  });

  it('holds a transfer in another currency for a person, crediting none of it', async () => {
    const dollars = await transfer(10, { currency: 'USD' });
    const arrival = await settledArrival(dollars.data.id);
    expect(arrival).toMatchObject({ status: 'review', paymentIds: [], unplacedKobo: 1_000n });
    expect(arrival.reason).toMatch(/only naira is credited/);
  });

  it('has no missed-transfer check at Flutterwave, and is closed here alone, still crediting later money', async () => {
    const [account] = await t.ctx.db
      .select()
      .from(virtualAccounts)
      .where(eq(virtualAccounts.accountNumber, accountNumber));
    const requery = await send('admin', 'POST', `/virtual-accounts/${account!.id}/requery`, {});
    expect(requery.statusCode).toBe(409);
    expect(requery.json().code).toBe('VIRTUAL_ACCOUNT_REQUERY_UNSUPPORTED');
    const closed = await send('admin', 'POST', `/virtual-accounts/${account!.id}/deactivate`, { reason: 'Moved away' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ active: false, provider: 'flutterwave' });
    const late = await transfer(700);
    const arrival = await settledArrival(late.data.id);
    // Nothing is owed any more: the money waits for a person, on the family's record.
    expect(arrival).toMatchObject({ accountId: account!.id, status: 'review', unplacedKobo: 70_000n });
    expect(arrival.reason).toMatch(/^Nothing is owed on the family's fees/);
  });

  it("matches Flutterwave's settlement of the day to the statement lump and posts it, the unrecorded transfers shown", async () => {
    // Flutterwave pays the day's collections out the next weekday, less its 1.4% app fee.
    const date = new Date(Date.now() + 3_600_000);
    do date.setUTCDate(date.getUTCDate() + 1);
    while (date.getUTCDay() === 0 || date.getUTCDay() === 6);
    const settledOn = date.toISOString().slice(0, 10);
    const net = '6606.20';
    const bursar = await bursarOf(t, school.id);
    const csv = Buffer.from(
      [
        'Trans Date,Value Date,Narration,Debit,Credit,Balance',
        [
          settledOn.split('-').reverse().join('/'),
          settledOn.split('-').reverse().join('/'),
          'FLUTTERWAVE SETTLEMENT BATCH',
          '',
          net,
          '106606.20',
        ].join(','),
      ].join('\r\n'),
    );
    const body = await multipart({ school_id: school.id }, [
      { field: 'file', filename: 'statement.csv', contentType: 'text/csv', content: csv },
    ]);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bank-statements',
      headers: { ...bursar, ...body.headers },
      payload: body.payload,
    });
    expect(imported.statusCode, imported.body).toBe(200);

    const fetched = await send(bursar, 'POST', '/settlements/fetch', {
      school_id: school.id,
      from: settledOn,
      to: settledOn,
    });
    expect(fetched.statusCode, fetched.body).toBe(200);
    // The naira settlement, and the dollar transfer's own.
    expect(fetched.json().data).toEqual({ reported: 2, new: 2, matched: 1 });
    const report = await send(
      bursar,
      'GET',
      `/settlements/reconciliation?school_id=${school.id}&from=${settledOn}&to=${settledOn}`,
    );
    const naira = report
      .json()
      .data.rows.find((row: { settlement: { net: number } | null }) => row.settlement?.net === 6606.2);
    expect(naira).toMatchObject({
      provider: 'flutterwave',
      settlement: { gross: 6700, charges: 93.8, net: 6606.2, transactions: 4 },
      recorded: { amount: 5000, count: 2 },
      bank: { amount: 6606.2, bookedOn: settledOn },
    });
    expect(naira.recorded.missing).toHaveLength(2);
    expect(await rowsOf(t.ctx.db, sql`select * from ledger_disagreements(${school.id}::uuid)`)).toEqual([]);
    const [charges] = await rowsOf<{ kobo: string }>(
      t.ctx.db,
      sql`select sum(l.amount_kobo)::text as kobo from journal_lines l join ledger_accounts a on a.id = l.account_id
          where l.school_id = ${school.id}::uuid and a.system_key = 'provider_charges'`,
    );
    expect(charges?.kobo).toBe('9380');
  });
});
