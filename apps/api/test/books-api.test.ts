import { addDays, LAGOS, todayIn } from '@schoolledger/domain';
import { parse } from 'csv-parse/sync';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, ledgerAccounts } from '../src/db/schema.js';
import { aClassArm, aSchool, aSession, aStudent, aTerm, type User } from './builders.js';
import { bearer, insertUser, login, type TestApp, useTestApp } from './helper.js';
import { approvedFee, bursarOf, payCash } from './payments-support.js';

/*
 * The books an accountant reads, from a school built here: two students charged ₦10,000 each on
 * one fee (other fees), who pay ₦2,500 and ₦4,000 in cash. Every figure below follows from that.
 */

type Who = { authorization: string };

async function signedIn(t: TestApp, roles: string[], schoolId: string): Promise<Who> {
  const email = `${roles[0]!.toLowerCase()}-${Math.random().toString(36).slice(2, 10)}@example.test`;
  await insertUser(t, { email, roles, schoolId });
  const response = await login(t, email);
  expect(response.statusCode, response.body).toBe(200);
  return bearer(response.json().data.token);
}

describe('the books of a school', () => {
  const t = useTestApp();
  const today = () => todayIn(LAGOS);
  let school = '';
  let accountant: Who;
  let bursar: Who;
  let first: User;
  let second: User;
  const accounts: Record<string, string> = {};

  const get = async (who: Who, url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: who });
  const send = async (who: Who, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who, payload });
  const data = async (who: Who, url: string) => {
    const response = await get(who, url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  beforeAll(async () => {
    school = (await aSchool(t)).id;
    // A term that starts today, so its fees are charged today and fall in the year to date.
    const session = await aSession(t, {
      school_id: school,
      name: 'This year',
      startDate: addDays(today(), -30),
      endDate: addDays(today(), 300),
    });
    const term = await aTerm(t, { session: session.id, startDate: today(), endDate: addDays(today(), 90) });
    const arm = await aClassArm(t, { school_id: school });
    first = await aStudent(t, { school_id: school, classArm_id: arm.id, firstname: 'Adaora' });
    second = await aStudent(t, { school_id: school, classArm_id: arm.id, firstname: 'Bolaji' });
    const fee = await approvedFee(t, school, term.id, '10000');
    await payCash(t, first.id, fee, '2500');
    await payCash(t, second.id, fee, '4000');
    accountant = await signedIn(t, ['Accountant'], school);
    bursar = await bursarOf(t, school);
    for (const row of await t.ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.schoolId, school))) {
      if (row.systemKey) accounts[row.systemKey] = row.id;
    }
  });

  it('a new school opens with the default chart, which the accountant reads with its mappings', async () => {
    const chart = await data(accountant, `/books/accounts?school_id=${school}`);
    const cash = chart.accounts.find((account: { code: string }) => account.code === '1000');
    expect(cash).toMatchObject({
      name: 'Cash on hand',
      type: 'asset',
      systemKey: 'cash',
      mappings: { quickbooks: null, xero: null, sage: null, zoho: null },
    });
    expect(chart.accounts.map((account: { code: string }) => account.code)).toContain('1100');
  });

  it('a trial balance whose totals follow from the charges and the cash taken', async () => {
    const balance = await data(accountant, `/books/trial-balance?school_id=${school}`);
    expect(balance.from).toBe(`${today().slice(0, 4)}-01-01`);
    expect(balance.to).toBe(today());
    const row = (code: string) => balance.rows.find((each: { code: string }) => each.code === code);
    expect(row('1000')).toMatchObject({ name: 'Cash on hand', opening: 0, debits: 6500, credits: 0, closing: 6500 });
    expect(row('1100')).toMatchObject({ debits: 20000, credits: 6500, closing: 13500, closingDebit: 13500 });
    expect(row('4099')).toMatchObject({ credits: 20000, closing: 20000, closingCredit: 20000, closingDebit: 0 });
    expect(balance.rows).toHaveLength(3);
    expect(balance.totals).toEqual({ debits: 26500, credits: 26500, closingDebit: 20000, closingCredit: 20000 });
    expect(balance.balanced).toBe(true);
  });

  it('a period after the money moved opens with what it left behind and moves nothing', async () => {
    const tomorrow = addDays(today(), 1);
    const balance = await data(accountant, `/books/trial-balance?school_id=${school}&from=${tomorrow}&to=${tomorrow}`);
    const cash = balance.rows.find((each: { code: string }) => each.code === '1000');
    expect(cash).toMatchObject({ opening: 6500, debits: 0, credits: 0, closing: 6500 });
    expect(balance.totals).toMatchObject({ debits: 0, credits: 0 });
  });

  it('refuses a period that ends before it starts', async () => {
    const response = await get(accountant, `/books/trial-balance?school_id=${school}&from=2026-03-01&to=2026-02-01`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { field: 'to', message: 'The end date must be on or after the start date' },
    ]);
  });

  it('the general ledger of the cash account, a line a page, carries the running balance across pages', async () => {
    const url = `/books/general-ledger?account_id=${accounts.cash}&limit=1`;
    const page1 = await data(accountant, url);
    expect(page1.account).toMatchObject({ code: '1000', name: 'Cash on hand' });
    expect(page1).toMatchObject({ opening: 0, debits: 6500, credits: 0, closing: 6500 });
    expect(page1.lines).toHaveLength(1);
    expect(page1.lines[0]).toMatchObject({ source: 'payment', debit: 2500, credit: 0, balance: 2500 });
    expect(page1.lines[0].memo).toMatch(/^Payment /);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = await data(accountant, `${url}&cursor=${page1.nextCursor}`);
    expect(page2.lines.map((line: { debit: number; balance: number }) => [line.debit, line.balance])).toEqual([
      [4000, 6500],
    ]);
    expect(page2.lines[0].student).toMatchObject({ _id: second.id });
    expect(page2.nextCursor).toBeNull();
  });

  it('refuses a cursor it did not give', async () => {
    const response = await get(accountant, `/books/general-ledger?account_id=${accounts.cash}&cursor=bm9wZQ`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[0].field).toBe('cursor');
  });

  it("a student's account: what they were charged and paid, with what they still owe", async () => {
    const account = await data(accountant, `/books/students/${first.id}/account`);
    expect(account.student).toMatchObject({ _id: first.id, name: expect.stringContaining('Adaora') });
    expect(account).toMatchObject({ opening: 0, debits: 10000, credits: 2500, closing: 7500 });
    expect(account.lines.map((line: { source: string; balance: number }) => [line.source, line.balance])).toEqual([
      ['charge', 10000],
      ['payment', 7500],
    ]);
    const found = await data(accountant, `/books/students?school_id=${school}&search=Adaora`);
    expect(found.students.map((student: { _id: string }) => student._id)).toEqual([first.id]);
  });

  describe('the chart, kept by the accountant', () => {
    it('adds an account, refuses a code the school already uses, renames it, and audits each change', async () => {
      const created = await send(accountant, 'POST', '/books/accounts', {
        school_id: school,
        code: '1015',
        name: 'Bank: school fees account',
        type: 'asset',
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data._id as string;
      expect(created.json().data).toMatchObject({ code: '1015', systemKey: null, school: { _id: school } });

      const taken = await send(accountant, 'POST', '/books/accounts', {
        school_id: school,
        code: '1000',
        name: 'Another cash',
        type: 'asset',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'LEDGER_ACCOUNT_CODE_TAKEN', errors: [{ field: 'code' }] });

      const renamed = await send(accountant, 'PATCH', `/books/accounts/${id}`, { name: 'Zenith fees account' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().data).toMatchObject({ code: '1015', name: 'Zenith fees account' });

      const trail = await t.ctx.db
        .select({ action: auditLogs.action, after: auditLogs.after })
        .from(auditLogs)
        .where(and(eq(auditLogs.entityId, id), eq(auditLogs.entity, 'ledger_account')))
        .orderBy(desc(auditLogs.createdAt));
      expect(trail.map((row) => row.action)).toEqual(['ledger_account.update', 'ledger_account.create']);
      expect(trail[0]!.after).toMatchObject({ name: 'Zenith fees account' });
    });

    it('names an account for a package, and clears it back to the default', async () => {
      const mapped = await send(accountant, 'PUT', `/books/accounts/${accounts.cash}/mappings`, {
        package: 'quickbooks',
        external_account: 'Petty Cash',
      });
      expect(mapped.statusCode, mapped.body).toBe(200);
      expect(mapped.json().data.mappings).toEqual({ quickbooks: 'Petty Cash', xero: null, sage: null, zoho: null });
      const cleared = await send(accountant, 'PUT', `/books/accounts/${accounts.cash}/mappings`, {
        package: 'xero',
        external_account: '  ',
      });
      expect(cleared.json().data.mappings).toEqual({ quickbooks: 'Petty Cash', xero: null, sage: null, zoho: null });
    });

    it('is read by the bursar but changed only by the accountant or the admin', async () => {
      expect((await get(bursar, `/books/accounts?school_id=${school}`)).statusCode).toBe(200);
      const refused = await send(bursar, 'PATCH', `/books/accounts/${accounts.cash}`, { name: 'Till' });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('exports', () => {
    const file = async (url: string) => {
      const response = await get(accountant, url);
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };

    it('the trial balance as CSV: the rows and the totals a spreadsheet reads', async () => {
      const response = await file(`/books/trial-balance/export?school_id=${school}&format=csv`);
      expect(response.headers['content-disposition']).toMatch(/attachment; filename="trial-balance-.*\.csv"/);
      const rows: string[][] = parse(response.rawPayload, { bom: true, relax_column_count: true });
      expect(rows[0]).toEqual([
        'Code',
        'Account',
        'Type',
        'Opening balance',
        'Debits',
        'Credits',
        'Closing debit',
        'Closing credit',
      ]);
      expect(rows.find((row) => row[0] === '1000')).toEqual([
        '1000',
        'Cash on hand',
        'Asset',
        '0.00',
        '6500.00',
        '0.00',
        '6500.00',
        '0.00',
      ]);
      expect(rows.at(-1)).toEqual(['Total', '', '', '', '26500.00', '26500.00', '20000.00', '20000.00']);
    });

    it('the trial balance as Excel and PDF are real files', async () => {
      const xlsx = await file(`/books/trial-balance/export?school_id=${school}&format=xlsx`);
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const pdf = await file(`/books/trial-balance/export?school_id=${school}&format=pdf`);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it("the cash account's general ledger as CSV, line by line with the balance", async () => {
      const response = await file(`/books/general-ledger/export?account_id=${accounts.cash}&format=csv`);
      const rows: string[][] = parse(response.rawPayload, { bom: true, relax_column_count: true });
      expect(rows[0]).toEqual(['Date', 'Memo', 'Source', 'Student', 'Debit', 'Credit', 'Balance']);
      expect(rows.slice(1, 3).map((row) => [row[0], row[2], row[4], row[6]])).toEqual([
        [today(), 'Payment', '2500.00', '2500.00'],
        [today(), 'Payment', '4000.00', '6500.00'],
      ]);
    });

    it('the journal for QuickBooks: every entry balances, accounts named as mapped or by name', async () => {
      const response = await file(`/books/journal/export?school_id=${school}&format=quickbooks`);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      const rows: Record<string, string>[] = parse(response.rawPayload, { columns: true });
      expect(Object.keys(rows[0]!)).toEqual([
        'JournalNo',
        'JournalDate',
        'AccountName',
        'Debits',
        'Credits',
        'Description',
      ]);
      // Kobo per journal: debits less credits, which must come to nothing in each.
      const owing = new Map<string, number>();
      for (const row of rows) {
        const kobo = Math.round(Number(row.Debits || 0) * 100) - Math.round(Number(row.Credits || 0) * 100);
        owing.set(row.JournalNo!, (owing.get(row.JournalNo!) ?? 0) + kobo);
      }
      expect([...owing.values()]).toEqual([0, 0, 0]);
      const day = today();
      expect(
        rows.filter((row) => row.AccountName === 'Petty Cash').map((row) => [row.JournalDate, row.Debits]),
      ).toEqual([
        [`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`, '2500.00'],
        [`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`, '4000.00'],
      ]);
      // The charge is one entry with a line per student.
      expect(rows.filter((row) => row.AccountName === 'Other fees').map((row) => row.Credits)).toEqual([
        '10000.00',
        '10000.00',
      ]);
    });

    it('the journal for Xero names accounts by code with one signed amount', async () => {
      const response = await file(`/books/journal/export?school_id=${school}&format=xero`);
      const rows: Record<string, string>[] = parse(response.rawPayload, { columns: true });
      const cash = rows.filter((row) => row['*AccountCode'] === '1000').map((row) => row['*Amount']);
      expect(cash).toEqual(['2500.00', '4000.00']);
      const receivable = rows.filter((row) => row['*AccountCode'] === '1100').map((row) => row['*Amount']);
      expect(receivable.sort()).toEqual(['-2500.00', '-4000.00', '10000.00', '10000.00']);
    });

    it('the plain-text journal that hledger reads', async () => {
      const response = await file(`/books/journal/export?school_id=${school}&format=hledger`);
      const text = response.rawPayload.toString('utf8');
      expect(text).toContain('commodity NGN\n');
      expect(text).toContain('account Assets:1000 Cash on hand\n    ; type: A\n');
      const payments = text
        .split('\n\n')
        .filter((block) => block.startsWith(today()) && block.includes('Assets:1000 Cash on hand  '));
      expect(payments).toHaveLength(2);
      expect(payments[0]).toMatch(
        new RegExp(
          `^${today()} \\(JE-\\d+\\) Payment .+\n {4}Assets:1000 Cash on hand {2}2500\\.00 NGN\n {4}Assets:1100 Fees receivable {2}-2500\\.00 NGN$`,
        ),
      );
    });
  });

  describe('who may read them', () => {
    it('refuses a parent and a head teacher', async () => {
      for (const who of ['parent', 'headteacher']) {
        const response = await get(await t.as(who), `/books/trial-balance`);
        expect(response.statusCode, who).toBe(403);
      }
    });

    it("answers a bursar of another school as if this school's books were not there", async () => {
      const stranger = await bursarOf(t, (await aSchool(t)).id);
      expect((await get(stranger, `/books/trial-balance?school_id=${school}`)).statusCode).toBe(404);
      expect((await get(stranger, `/books/general-ledger?account_id=${accounts.cash}`)).statusCode).toBe(404);
      expect((await get(stranger, `/books/students/${first.id}/account`)).statusCode).toBe(404);
      expect((await get(stranger, `/books/journal/export?school_id=${school}&format=xero`)).statusCode).toBe(404);
      const own = await data(stranger, '/books/trial-balance');
      expect(own.schools).toHaveLength(1);
      expect(own.totals).toEqual({ debits: 0, credits: 0, closingDebit: 0, closingCredit: 0 });
    });

    it('gives the proprietor the group, each account summed across its schools', async () => {
      const group = await data(await t.as('proprietor'), '/books/trial-balance');
      expect(group.school).toBeNull();
      expect(group.schools.map((each: { _id: string }) => each._id)).toContain(school);
      const cash = group.rows.find((row: { code: string }) => row.code === '1000');
      expect(cash.accountId).toBeNull();
      expect(cash.debits).toBeGreaterThanOrEqual(6500);
      expect(group.totals.debits).toBe(group.totals.credits);
      expect(group.balanced).toBe(true);
    });
  });
});
