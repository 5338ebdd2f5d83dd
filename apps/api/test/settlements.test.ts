import { randomUUID } from 'node:crypto';
import { type PaystackFake, startPaystackFake } from '@schoolledger/provider-fakes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.js';
import {
  auditLogs,
  bankStatementLines,
  journalEntries,
  parentStudents,
  paymentProfiles,
  providerSettlements,
  users,
  virtualAccountCredits,
} from '../src/db/schema.js';
import { encryptSecret } from '../src/lib/secrets.js';
import { aClassArm, aParent, aSchool, aSession, aStudent, aTerm } from './builders.js';
import { insertUser, login, multipart, useTestApp } from './helper.js';
import { approvedFee, bursarOf, until } from './payments-support.js';

/*
 * Paystack's settlements beside the bank statement and our records, end to end on the local
 * Paystack: money sent into a family's account is credited, Paystack pays the day's collections
 * out net of its charges the next weekday, the bursar imports the statement with that lump, and
 * the settlement is matched, posted to the books and shown per day with every difference.
 */

const SCHOOL_KEY = 'sk_test_settlements_school_own';
/** A Wednesday in the past: Paystack settles its collections on Thursday the 19th. */
const PAID_ON = '2026-11-18';
const SETTLED_ON = '2026-11-19';

describe("providers' settlements reconciled with the bank", () => {
  let fake: PaystackFake;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    fake = await startPaystackFake({ secretKey: SCHOOL_KEY, businessName: 'Ajah Grammar School' });
    env.PAYSTACK_BASE_URL = fake.url;
  });
  afterAll(async () => {
    await fake?.close();
  });
  const t = useTestApp({ env });

  let school: string;
  let bursar: { authorization: string };
  let otherBursar: { authorization: string };
  let auditor: { authorization: string };
  let accountNumber = '';
  /** Paystack's fees on the three transfers: 1% each. */
  const CHARGES = 50_00n + 75_00n + 20_00n;
  const GROSS = 5_000_00n + 7_500_00n + 2_000_00n;
  const NET = GROSS - CHARGES;

  const call = (who: { authorization: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who, ...(payload && { payload }) });

  const upload = async (lines: [day: string, narration: string, credit: string][]) => {
    let balance = 1_000_000;
    const rows = lines.map(([day, narration, credit]) => {
      balance += Number(credit.replaceAll(',', ''));
      return [day, day, `"${narration}"`, '""', `"${credit}"`, `"${balance.toFixed(2)}"`].join(',');
    });
    const content = Buffer.from(
      [
        'Account Name,AJAH GRAMMAR SCHOOL FEES',
        'Account Number,0234567891',
        'Trans Date,Value Date,Narration,Debit,Credit,Balance',
        '15/11/2026,15/11/2026,Opening Balance,,,"1,000,000.00"',
        ...rows,
      ].join('\r\n'),
    );
    const body = await multipart({ school_id: school }, [
      { field: 'file', filename: 'november.csv', contentType: 'text/csv', content },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/bank-statements',
      headers: { ...bursar, ...body.headers },
      payload: body.payload,
    });
  };

  const reconciliationOf = async (who = bursar) => {
    const response = await call(
      who,
      'GET',
      `/settlements/reconciliation?school_id=${school}&from=2026-11-15&to=2026-11-25`,
    );
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  const ledgerBalance = async (key: string) => {
    const [row] = await rowsOf<{ kobo: string | null }>(
      t.ctx.db,
      sql`select sum(l.amount_kobo)::text as kobo from journal_lines l
          join ledger_accounts a on a.id = l.account_id
          where l.school_id = ${school}::uuid and a.system_key = ${key}`,
    );
    return BigInt(row?.kobo ?? 0);
  };

  // biome-ignore lint/suspicious/noDuplicateTestHooks: must run after useTestApp's hook has built the app
  beforeAll(async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    fake.setWebhookUrl(`${address}/api/v1/payment/paystack/webhook`);
    school = (await aSchool(t, { name: 'Ajah Grammar School' })).id;
    const session = await aSession(t, { school_id: school });
    const term = await aTerm(t, { session: session.id });
    const arm = await aClassArm(t, { school_id: school });
    const child = await aStudent(t, {
      school_id: school,
      classArm_id: arm.id,
      firstname: 'Kemi',
      lastname: 'Balogun',
      email: `kemi-${randomUUID().slice(0, 6)}@example.ng`,
    });
    const parent = await aParent(t, school);
    await t.ctx.db
      .update(users)
      .set({ firstname: 'Tunde', lastname: 'Balogun', phone: '08030000001' })
      .where(eq(users.id, parent.id));
    await t.ctx.db.insert(parentStudents).values({ parentId: parent.id, studentId: child.id, schoolId: school });
    await approvedFee(t, school, term.id, '100000');
    await t.ctx.db
      .insert(paymentProfiles)
      .values({ schoolId: school, psSecretKeyEnc: encryptSecret(SCHOOL_KEY, t.ctx.encryptionKey) });
    bursar = await bursarOf(t, school);
    otherBursar = await bursarOf(t, (await aSchool(t)).id);
    const auditorEmail = `auditor-${randomUUID().slice(0, 8)}@example.test`;
    await insertUser(t, { email: auditorEmail, roles: ['Auditor'], schoolId: school });
    auditor = { authorization: `Bearer ${(await login(t, auditorEmail)).json().data.token}` };

    const on = await call(await t.as('admin'), 'PUT', '/virtual-accounts/settings', {
      school_id: school,
      enabled: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    const opened = await call(await t.as('admin'), 'POST', '/virtual-accounts', {
      school_id: school,
      holder_id: parent.id,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    accountNumber = opened.json().data.account.account_number;

    // Two transfers credited; a third whose notification never came, so nothing of ours records it.
    for (const [naira, deliver] of [
      [5000, true],
      [7500, true],
      [2000, false],
    ] as const) {
      const sent = await fake.transferToDedicatedAccount(accountNumber, {
        amount: naira * 100,
        senderName: 'TUNDE BALOGUN',
        paidAt: `${PAID_ON}T10:00:00.000Z`,
        deliver,
      });
      if (deliver) {
        await until(async () => {
          const [arrival] = await t.ctx.db
            .select({ status: virtualAccountCredits.status })
            .from(virtualAccountCredits)
            .where(eq(virtualAccountCredits.reference, sent.transaction.reference));
          return arrival?.status === 'credited';
        }, 10_000);
      }
    }
  });

  it('asks Paystack for the days and keeps each settlement beside what was recorded of it, waiting for the bank', async () => {
    const fetched = await call(bursar, 'POST', '/settlements/fetch', {
      school_id: school,
      from: '2026-11-15',
      to: '2026-11-25',
    });
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.json().data).toEqual({ reported: 1, new: 1, matched: 0 });

    const report = await reconciliationOf();
    expect(report.canFetch).toBe(true);
    expect(report.rows).toHaveLength(1);
    const [row] = report.rows;
    expect(row).toMatchObject({
      day: SETTLED_ON,
      provider: 'paystack',
      settlement: { status: 'success', gross: 14_500, charges: 145, net: 14_355, transactions: 3 },
      recorded: { amount: 12_500, count: 2 },
      bank: null,
    });
    expect(row.recorded.missing).toHaveLength(1);
    expect(row.differences).toEqual([
      'Paystack paid out ₦14,500.00 of transactions; SchoolLedger recorded ₦12,500.00 of them.',
      '1 of its 3 transactions are not recorded as paid here.',
      '₦14,355.00 is not on an imported statement yet.',
    ]);
    // Nothing is posted until the bank shows the money.
    expect(await ledgerBalance('provider_charges')).toBe(0n);
  });

  it('matches the lump on the imported statement to the settlement and posts it to the books once', async () => {
    const bankBefore = await ledgerBalance('bank');
    const clearingBefore = await ledgerBalance('clearing:paystack');
    const imported = await upload([
      ['19/11/2026', 'NIP/PAYSTACK PAYMENTS LTD/PAYSTACK SETTLEMENT 3090024', '14,355.00'],
      ['20/11/2026', 'FLUTTERWAVE SETTLEMENT BATCH 8812', '9,900.00'],
    ]);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data).toMatchObject({ lines: 2, confirmed: 0, ignored: 2 });

    const [settlement] = await t.ctx.db
      .select()
      .from(providerSettlements)
      .where(eq(providerSettlements.schoolId, school));
    expect(settlement).toMatchObject({ netKobo: NET, chargesKobo: CHARGES, bankedKobo: 12_500_00n });
    expect(settlement!.bankLineId).not.toBeNull();
    const [line] = await t.ctx.db
      .select()
      .from(bankStatementLines)
      .where(eq(bankStatementLines.id, settlement!.bankLineId!));
    expect(line).toMatchObject({ amountKobo: NET, settlement: true, bookedOn: SETTLED_ON });
    expect(line!.note).toBe(
      `Paystack settlement ${settlement!.providerSettlementId} of 19 Nov 2026: ₦14,500.00 collected, ₦145.00 kept in charges.`,
    );

    // The bank takes what was not already there (the family transfers were booked to it as credited),
    // the charges are an expense, and Paystack's clearing account gives up the rest.
    expect(await ledgerBalance('bank')).toBe(bankBefore + NET - 12_500_00n);
    expect(await ledgerBalance('provider_charges')).toBe(CHARGES);
    expect(await ledgerBalance('clearing:paystack')).toBe(clearingBefore - (NET + CHARGES - 12_500_00n));
    const entries = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.schoolId, school), eq(journalEntries.source, 'settlement')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entryDate: SETTLED_ON, sourceId: settlement!.id });
    expect(await rowsOf(t.ctx.db, sql`select * from ledger_disagreements(${school}::uuid)`)).toEqual([]);

    // Asked again, nothing is new and nothing is posted twice.
    const again = await call(bursar, 'POST', '/settlements/fetch', {
      school_id: school,
      from: '2026-11-15',
      to: '2026-11-25',
    });
    expect(again.json().data).toEqual({ reported: 1, new: 0, matched: 0 });
    const after = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.schoolId, school), eq(journalEntries.source, 'settlement')));
    expect(after).toHaveLength(1);
    const matched = await t.ctx.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.schoolId, school), eq(auditLogs.entity, 'provider_settlement')));
    expect(matched.map((row) => row.action).sort()).toEqual([
      'provider_settlement.fetch',
      'provider_settlement.fetch',
      'provider_settlement.match',
    ]);
  });

  it('shows each day with what the provider said, what was recorded, what the bank says, and every difference', async () => {
    const report = await reconciliationOf(auditor);
    expect(report.rows.map((row: { day: string; provider: string }) => [row.day, row.provider])).toEqual([
      ['2026-11-20', 'flutterwave'],
      [SETTLED_ON, 'paystack'],
    ]);
    const [stray, paystack] = report.rows;
    expect(stray).toMatchObject({ settlement: null, recorded: null, bank: { amount: 9_900, bookedOn: '2026-11-20' } });
    expect(stray.differences).toEqual([
      '₦9,900.00 arrived from Flutterwave with no settlement to explain it: check for settlements again, or ask Flutterwave.',
    ]);
    expect(paystack.bank).toMatchObject({ amount: 14_355, bookedOn: SETTLED_ON });
    expect(paystack.differences).toEqual([
      'Paystack paid out ₦14,500.00 of transactions; SchoolLedger recorded ₦12,500.00 of them.',
      '1 of its 3 transactions are not recorded as paid here.',
    ]);
    expect(report.totals).toEqual({
      gross: 14_500,
      charges: 145,
      net: 14_355,
      recorded: 12_500,
      bank: 24_255,
      differing: 2,
    });

    const csv = await call(
      bursar,
      'GET',
      `/settlements/reconciliation/export?school_id=${school}&from=2026-11-15&to=2026-11-25`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Day,Provider,Settlement,Status,Collected (NGN),Charges (NGN),Paid out (NGN),Recorded by SchoolLedger (NGN),Transactions not recorded,Bank date,Bank amount (NGN),Differences',
    );
    expect(lines[2]).toMatch(
      /^2026-11-19,Paystack,\d+,success,14500\.00,145\.00,14355\.00,12500\.00,1,2026-11-19,14355\.00,/,
    );
    expect(lines.at(-1)).toBe('Total,,,,14500.00,145.00,14355.00,12500.00,,,24255.00,2 with differences');
  });

  it('is in the Reconciliation report, for those who read the books', async () => {
    const preview = await call(auditor, 'POST', '/reports/preview', {
      report: 'reconciliation',
      filters: { schoolId: school, from: '2026-11-15', to: '2026-11-25' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const section = preview
      .json()
      .data.sections.find((candidate: { title: string }) => candidate.title === 'Settlements and the bank');
    expect(section.rows).toEqual([
      expect.objectContaining({
        day: SETTLED_ON,
        provider: 'Paystack',
        collected: 14_500,
        charges: 145,
        paidOut: 14_355,
        recorded: 12_500,
        bank: 14_355,
        differences:
          'Paystack paid out ₦14,500.00 of transactions; SchoolLedger recorded ₦12,500.00 of them. 1 of its 3 transactions are not recorded as paid here.',
      }),
      expect.objectContaining({
        day: '2026-11-20',
        settlement: 'None found',
        bank: 9_900,
        differences: expect.stringMatching(/^A payout on the statement that no settlement explains: FLUTTERWAVE/),
      }),
    ]);
  });

  it("keeps each school's settlements to itself and asks for days in a readable range", async () => {
    const foreign = await call(otherBursar, 'GET', `/settlements/reconciliation?school_id=${school}`);
    expect(foreign.statusCode).toBe(404);
    const fetchForeign = await call(otherBursar, 'POST', '/settlements/fetch', { school_id: school });
    expect(fetchForeign.statusCode).toBe(404);
    // An auditor reads; asking Paystack is the bursary's.
    const auditorFetch = await call(auditor, 'POST', '/settlements/fetch', { school_id: school });
    expect(auditorFetch.statusCode).toBe(403);
    const tooLong = await call(
      bursar,
      'GET',
      `/settlements/reconciliation?school_id=${school}&from=2026-01-01&to=2026-11-25`,
    );
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual([{ field: 'from', message: 'Choose at most 92 days at a time' }]);
    const backwards = await call(
      bursar,
      'GET',
      `/settlements/reconciliation?school_id=${school}&from=2026-11-25&to=2026-11-01`,
    );
    expect(backwards.statusCode).toBe(422);
  });

  it('refuses to ask for the settlements of a school without its own Paystack key, and says so', async () => {
    const keyless = await aSchool(t);
    const response = await call(await t.as('admin'), 'POST', '/settlements/fetch', { school_id: keyless.id });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0]).toMatchObject({ field: 'school_id' });
    const shown = await call(await t.as('admin'), 'GET', `/settlements/reconciliation?school_id=${keyless.id}`);
    expect(shown.json().data).toMatchObject({ rows: [], canFetch: false });
  });

  it('says Paystack refused when it does, with a stable code, and changes nothing', async () => {
    fake.setFault('server-error');
    try {
      const response = await call(bursar, 'POST', '/settlements/fetch', { school_id: school });
      expect(response.statusCode).toBe(502);
      expect(response.json().code).toBe('SETTLEMENT_PROVIDER_FAILED');
    } finally {
      fake.setFault(null);
    }
  });
});
