import { addDays, LAGOS, todayIn } from '@schoolledger/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, notifications } from '../src/db/schema.js';
import { checkAllBooks } from '../src/modules/books/integrity.service.js';
import { aClassArm, aSchool, aSession, aStudent, aTerm, type User } from './builders.js';
import { bearer, insertUser, login, type TestApp, useTestApp } from './helper.js';
import { approvedFee, bursarOf, insertPayment, payCash } from './payments-support.js';

/*
 * Closing a school's books, and the check that the journal agrees with the records, on a school
 * built here: one student charged ₦10,000, who pays ₦1,000 in cash.
 */

type Who = { authorization: string };

async function member(t: TestApp, roles: string[], schoolId: string) {
  const email = `${roles[0]!.toLowerCase()}-${Math.random().toString(36).slice(2, 10)}@example.test`;
  const user = await insertUser(t, { email, roles, schoolId });
  const response = await login(t, email);
  expect(response.statusCode, response.body).toBe(200);
  return { user, who: bearer(response.json().data.token) as Who };
}

describe('closing the books and checking them', () => {
  const t = useTestApp();
  const today = () => todayIn(LAGOS);
  const yesterday = () => addDays(today(), -1);
  let school = '';
  let fee = '';
  let student: User;
  let accountant: Who;

  const call = async (who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who, ...(payload ? { payload } : {}) });
  const close = (who: Who, day: string) =>
    call(who, 'POST', '/books/closes', { school_id: school, closed_through: day });

  beforeAll(async () => {
    school = (await aSchool(t)).id;
    const session = await aSession(t, { school_id: school });
    const term = await aTerm(t, { session: session.id });
    const arm = await aClassArm(t, { school_id: school });
    student = await aStudent(t, { school_id: school, classArm_id: arm.id });
    fee = await approvedFee(t, school, term.id, '10000');
    await payCash(t, student.id, fee, '1000');
    accountant = (await member(t, ['Accountant'], school)).who;
  });

  describe('period close', () => {
    it('closes the books through yesterday, in the trail as a high-severity change', async () => {
      const response = await close(accountant, yesterday());
      expect(response.statusCode, response.body).toBe(200);
      const closes = response.json().data;
      expect(closes.closedThrough).toBe(yesterday());
      expect(closes.closes).toHaveLength(1);
      expect(closes.closes[0]).toMatchObject({ closedThrough: yesterday(), closedBy: { name: 'Test User' } });

      const listed = await call(accountant, 'GET', `/books/closes?school_id=${school}`);
      expect(listed.json().data.closedThrough).toBe(yesterday());
      const [row] = await t.ctx.db
        .select({ severity: auditLogs.severity, after: auditLogs.after })
        .from(auditLogs)
        .where(and(eq(auditLogs.schoolId, school), eq(auditLogs.action, 'ledger_period_close.create')));
      expect(row).toEqual({ severity: 'high', after: { closedThrough: yesterday() } });
    });

    it('refuses a day on or before the last close, and a day still to come', async () => {
      for (const day of [yesterday(), addDays(yesterday(), -10)]) {
        const response = await close(accountant, day);
        expect(response.statusCode, day).toBe(409);
        expect(response.json()).toMatchObject({ code: 'PERIOD_ALREADY_CLOSED', errors: [{ field: 'closed_through' }] });
      }
      const future = await close(accountant, addDays(today(), 1));
      expect(future.statusCode).toBe(422);
      expect(future.json().errors).toEqual([
        { field: 'closed_through', message: 'The books can be closed through today at the latest' },
      ]);
    });

    it('is refused to the bursar, who reads the books but does not close them', async () => {
      const bursar = await bursarOf(t, school);
      expect((await close(bursar, today())).statusCode).toBe(403);
      expect((await call(bursar, 'GET', `/books/closes?school_id=${school}`)).statusCode).toBe(200);
    });

    it('money paid on a closed day and recorded now counts on the first open day', async () => {
      const paidYesterday = new Date(Date.now() - 24 * 3600 * 1000);
      expect(todayIn(LAGOS, paidYesterday)).toBe(yesterday());
      await insertPayment(t, {
        schoolId: school,
        studentId: student.id,
        feeId: fee,
        amountKobo: 50_000n,
        method: 'cash',
        status: 'success',
        paidAt: paidYesterday,
      });
      const account = await call(accountant, 'GET', `/books/students/${student.id}/account`);
      const late = account.json().data.lines.find((line: { credit: number }) => line.credit === 500);
      expect(late).toMatchObject({ date: today(), source: 'payment' });
      const closedDay = await call(
        accountant,
        'GET',
        `/books/trial-balance?school_id=${school}&from=${yesterday()}&to=${yesterday()}`,
      );
      expect(closedDay.json().data.totals.credits).toBe(0);
    });
  });

  describe('the integrity check', () => {
    let auditor: { user: User; who: Who };
    let administrator: { user: User; who: Who };

    beforeAll(async () => {
      auditor = await member(t, ['Auditor'], school);
      administrator = await member(t, ['ICT_administrator'], school);
    });

    it('finds books that agree with the records, and keeps that as the last check', async () => {
      const run = await call(auditor.who, 'POST', '/books/integrity/run');
      expect(run.statusCode, run.body).toBe(200);
      expect(run.json().data).toMatchObject({ agrees: true, total: 0, disagreements: [] });
      const checkedAt = run.json().data.checkedAt as string;
      expect(Number.isNaN(Date.parse(checkedAt))).toBe(false);
      const last = await call(auditor.who, 'GET', '/books/integrity');
      expect(last.json().data).toEqual({ checkedAt, agrees: true, total: 0, disagreements: [] });
      expect((await call(administrator.who, 'GET', '/books/integrity')).statusCode).toBe(403);
    });

    it('finds money in the journal that no record put there, and tells the auditor and the ICT administrator', async () => {
      // ₦5 moved from the bank to the cash box by an entry no payment explains.
      await t.ctx.db.execute(sql`with e as (
          insert into journal_entries (school_id, entry_date, source, memo)
          values (${school}, ${today()}, 'payment', 'Unexplained') returning id
        )
        insert into journal_lines (entry_id, school_id, account_id, entry_date, amount_kobo)
        select e.id, ${school}, a.id, ${today()}, case a.system_key when 'cash' then 500 else -500 end
        from e, ledger_accounts a where a.school_id = ${school} and a.system_key in ('cash', 'bank')`);

      const run = await call(await t.as('admin'), 'POST', `/books/integrity/run?school_id=${school}`);
      expect(run.statusCode, run.body).toBe(200);
      const result = run.json();
      expect(result.message).toBe('The books disagree with the records');
      expect(result.data).toMatchObject({ agrees: false, total: 2 });
      expect(
        result.data.disagreements.map((row: { check: string; detail: string; journal: number; records: number }) => [
          row.check,
          row.detail,
          row.journal,
          row.records,
        ]),
      ).toEqual([
        ['money', 'bank', -5, 0],
        ['money', 'cash', 1505, 1500],
      ]);

      const told = async (userId: string) =>
        t.ctx.db
          .select({ title: notifications.title, actionUrl: notifications.actionUrl })
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'system')));
      expect(await told(auditor.user.id)).toEqual([
        { title: expect.stringMatching(/^The books of .+ need attention$/), actionUrl: '/books' },
      ]);
      expect(await told(administrator.user.id)).toEqual([
        { title: expect.stringMatching(/^The books of .+ need attention$/), actionUrl: null },
      ]);
    });

    it('the daily run checks every school and records the disagreement as critical', async () => {
      const result = await checkAllBooks(t.ctx);
      expect(result.disagreeing).toBeGreaterThanOrEqual(1);
      const rows = await t.ctx.db
        .select({ severity: auditLogs.severity })
        .from(auditLogs)
        .where(and(eq(auditLogs.schoolId, school), eq(auditLogs.action, 'ledger.disagreement')));
      expect(rows.map((row) => row.severity)).toEqual(['critical', 'critical']);
      const last = await call(auditor.who, 'GET', '/books/integrity');
      expect(last.json().data).toMatchObject({ agrees: false, total: 2 });
    });
  });
});
