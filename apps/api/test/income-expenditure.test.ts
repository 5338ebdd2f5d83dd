import { randomUUID } from 'node:crypto';
import {
  addDays,
  type ExpenseCategory,
  koboToNaira,
  LAGOS,
  type ReportFilters,
  type ReportPreview,
  todayIn,
} from '@schoolledger/domain';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupSchools, schools } from '../src/db/schema.js';
import { generateReportRun } from '../src/modules/reports/report-runs.service.js';
import { aClassArm, aFee, aSession, aStudent, aTerm } from './builders.js';
import { anExpense, aPayout, aReversal, type PayoutRow } from './expense-fixtures.js';
import { bearer, insertUser, login, useTestApp } from './helper.js';
import { pdfText } from './pdf-text.js';

type Who = { authorization: string };
type Section = ReportPreview['sections'][number];

const DAY = 86_400_000;

/**
 * Issue 17 item 6 on a group of its own (two schools, nothing seeded in them): fees paid at the
 * cash desk and one refunded, expenses paid out and one payout reversed, on days before and in the
 * period asked for. Each money row the test makes goes into `ledger` as well; every figure the
 * statement shows is compared with a sum over exactly those rows.
 */
describe('the income and expenditure statement', () => {
  // The clock runs `shift` behind real time, so money can move on the days of a previous period.
  let shift = 0;
  const t = useTestApp({ clock: () => new Date(Date.now() - shift) });
  const today = () => todayIn(LAGOS, new Date(Date.now() - shift));
  const T = todayIn(LAGOS, new Date());

  interface Entry {
    school: 'a' | 'b';
    term: string;
    kind: 'income' | 'spent';
    /** Fee type or expense category. */
    line: string;
    kobo: bigint;
    day: string;
  }
  const ledger: Entry[] = [];
  /** Still to pay on approved expenses, per school. */
  const committed = { a: 0n, b: 0n };

  const ids = {
    a: '',
    b: '',
    sessionPrevious: '',
    session: '',
    termPrevious: '',
    termFirst: '',
    termSecond: '',
    termB: '',
  };
  let proprietor: Who;
  let bursarA: Who;
  let principalA: Who;

  async function call(who: Who | string, method: 'GET' | 'POST', url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: typeof who === 'string' ? await t.as(who) : who,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  async function preview(who: Who, report: string, filters: ReportFilters) {
    const response = await call(who, 'POST', '/reports/preview', { report, filters });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as ReportPreview;
  }

  function sectionOf(report: ReportPreview, title: string): Section {
    const section = report.sections.find((candidate) => candidate.title === title);
    expect(section, `section "${title}" among ${report.sections.map((s) => s.title).join(', ')}`).toBeDefined();
    return section!;
  }

  const naira = (kobo: bigint) => koboToNaira(kobo);
  const sum = (entries: Entry[]) => entries.reduce((total, entry) => total + entry.kobo, 0n);
  /** Per line (fee type or category), summed, zero lines left out. */
  function byLine(entries: Entry[]) {
    const lines = new Map<string, bigint>();
    for (const entry of entries) lines.set(entry.line, (lines.get(entry.line) ?? 0n) + entry.kobo);
    return lines;
  }

  async function payCash(
    studentId: string,
    fee: { id: string; type: string; term: string },
    school: 'a' | 'b',
    amount: bigint,
  ) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/pay-with-cash',
      headers: { ...(await t.as('admin')), 'idempotency-key': randomUUID() },
      payload: { user_id: studentId, fee_id: fee.id, amount: String(koboToNaira(amount)) },
    });
    expect(response.statusCode, response.body).toBe(200);
    ledger.push({ school, term: fee.term, kind: 'income', line: fee.type, kobo: amount, day: today() });
    return { id: response.json().data.payment._id as string, school, term: fee.term, line: fee.type, amount };
  }

  async function refund(payment: Awaited<ReturnType<typeof payCash>>) {
    const response = await call('admin', 'POST', `/payment/${payment.id}/refund`, { reason: 'Paid twice by mistake' });
    expect(response.statusCode, response.body).toBe(200);
    ledger.push({ ...payment, kind: 'income', kobo: -payment.amount, day: today() });
  }

  async function spend(
    school: 'a' | 'b',
    termId: string,
    category: ExpenseCategory,
    amount: bigint,
    payouts: { kobo: bigint; day: string; reversedOn?: string }[],
  ) {
    const expense = await anExpense(t, { termId, category, amountKobo: amount });
    let paid = 0n;
    for (const payout of payouts) {
      const row: PayoutRow = await aPayout(t, expense, payout.kobo, payout.day);
      ledger.push({ school, term: termId, kind: 'spent', line: category, kobo: payout.kobo, day: payout.day });
      paid += payout.kobo;
      if (payout.reversedOn) {
        await aReversal(t, row, payout.reversedOn);
        ledger.push({
          school,
          term: termId,
          kind: 'spent',
          line: category,
          kobo: -payout.kobo,
          day: payout.reversedOn,
        });
        paid -= payout.kobo;
      }
    }
    committed[school] += amount - paid;
  }

  beforeAll(async () => {
    const [group] = await t.ctx.db
      .insert(groupSchools)
      .values({ name: 'Harmattan Schools', description: 'A group of its own' })
      .returning();
    const [a, b] = await t.ctx.db
      .insert(schools)
      .values([
        { groupSchoolId: group!.id, name: 'Harmattan Academy, Apapa', phoneNumber: '+2348031230001' },
        { groupSchoolId: group!.id, name: 'Harmattan Academy, Bodija', phoneNumber: '+2348031230002' },
      ])
      .returning();
    ids.a = a!.id;
    ids.b = b!.id;
    const proprietorEmail = `ie-proprietor-${randomUUID().slice(0, 6)}@example.test`;
    await insertUser(t, { email: proprietorEmail, roles: ['Proprietor'], schoolId: ids.a });
    proprietor = bearer((await login(t, proprietorEmail)).json().data.token);
    const bursarEmail = `ie-bursar-${randomUUID().slice(0, 6)}@example.test`;
    await insertUser(t, { email: bursarEmail, roles: ['Bursar'], schoolId: ids.a });
    bursarA = bearer((await login(t, bursarEmail)).json().data.token);
    const principalEmail = `ie-principal-${randomUUID().slice(0, 6)}@example.test`;
    await insertUser(t, { email: principalEmail, roles: ['Principal'], schoolId: ids.a });
    principalA = bearer((await login(t, principalEmail)).json().data.token);
    await t.as('admin');

    // School A: last session with one term; this session's first term, and the second, which holds today.
    const previous = await aSession(t, {
      school_id: ids.a,
      name: 'Last session',
      startDate: addDays(T, -565),
      endDate: addDays(T, -201),
    });
    const session = await aSession(t, {
      school_id: ids.a,
      name: 'This session',
      startDate: addDays(T, -200),
      endDate: addDays(T, 165),
    });
    ids.sessionPrevious = previous.id;
    ids.session = session.id;
    ids.termPrevious = (
      await aTerm(t, { session: previous.id, startDate: addDays(T, -560), endDate: addDays(T, -450) })
    ).id;
    ids.termFirst = (
      await aTerm(t, { session: session.id, startDate: addDays(T, -200), endDate: addDays(T, -101) })
    ).id;
    ids.termSecond = (
      await aTerm(t, {
        session: session.id,
        name: 'Second Term',
        startDate: addDays(T, -100),
        endDate: addDays(T, 30),
      })
    ).id;
    const sessionB = await aSession(t, {
      school_id: ids.b,
      name: 'This session',
      startDate: addDays(T, -200),
      endDate: addDays(T, 165),
    });
    ids.termB = (await aTerm(t, { session: sessionB.id, startDate: addDays(T, -100), endDate: addDays(T, 30) })).id;

    const fee = async (school: string, termId: string, type: string, amount: string) => {
      const row = await aFee(t, { school_id: school, term_id: termId, type, amount, isApproved: true });
      return { id: row.id, type: row.type, term: termId };
    };
    const tuitionFirst = await fee(ids.a, ids.termFirst, 'tuition', '40000');
    const tuitionSecond = await fee(ids.a, ids.termSecond, 'tuition', '50000');
    const librarySecond = await fee(ids.a, ids.termSecond, 'library', '5000.50');
    const tuitionB = await fee(ids.b, ids.termB, 'tuition', '30000');
    const sportsB = await fee(ids.b, ids.termB, 'sports', '2000');
    const student = async (school: string) =>
      (await aStudent(t, { school_id: school, classArm_id: (await aClassArm(t, { school_id: school })).id })).id;
    const [ada, bayo, chidi] = [await student(ids.a), await student(ids.a), await student(ids.b)];

    // A week ago: in the period before the last five days.
    shift = 7 * DAY;
    await payCash(ada, tuitionFirst, 'a', 40_000_00n);
    await payCash(chidi, tuitionB, 'b', 10_000_00n);
    // Today.
    shift = 0;
    await payCash(ada, tuitionSecond, 'a', 20_000_25n);
    const paidTwice = await payCash(bayo, tuitionSecond, 'a', 50_000_00n);
    await payCash(bayo, librarySecond, 'a', 5_000_50n);
    await refund(paidTwice);
    await payCash(chidi, tuitionB, 'b', 5_000_00n);
    await payCash(chidi, sportsB, 'b', 2_000_00n);

    const day = (n: number) => addDays(T, -n);
    await spend('a', ids.termSecond, 'utilities', 30_000_00n, [
      { kobo: 12_000_00n, day: day(1), reversedOn: T },
      { kobo: 8_000_00n, day: day(6) },
    ]);
    await spend('a', ids.termSecond, 'staff_salary', 100_000_00n, [{ kobo: 100_000_00n, day: day(2) }]);
    await spend('a', ids.termSecond, 'consumables', 4_000_00n, []);
    await spend('a', ids.termFirst, 'vendor_service', 15_000_00n, [{ kobo: 15_000_00n, day: day(120) }]);
    await spend('a', ids.termPrevious, 'technology', 7_000_00n, [{ kobo: 7_000_00n, day: day(500) }]);
    await spend('b', ids.termB, 'utilities', 9_000_00n, [{ kobo: 9_000_00n, day: day(3) }]);
    await spend('b', ids.termB, 'transportation', 3_000_00n, [{ kobo: 1_000_00n, day: day(8) }]);
    // Through the expenses API: recorded and submitted by the bursar, approved by the principal,
    // ₦2,500.50 paid, then ₦1,000 paid and reversed, all today.
    const recorded = await call(bursarA, 'POST', '/expenses', {
      school_id: ids.a,
      session_id: ids.session,
      term_id: ids.termSecond,
      title: 'Textbooks for the library',
      category: 'academic_resources',
      amount: '6000',
      payee_kind: 'other',
      payee_name: 'Lagos Booksellers',
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const expenseUrl = `/expenses/${recorded.json().data._id}`;
    for (const [who, action] of [
      [bursarA, 'submit'],
      [principalA, 'approve'],
    ] as const) {
      const stepped = await call(who, 'POST', `${expenseUrl}/transitions`, { action });
      expect(stepped.statusCode, stepped.body).toBe(200);
    }
    const payOut = async (amount: string) => {
      const response = await call(bursarA, 'POST', `${expenseUrl}/payouts`, {
        amount,
        method: 'cash',
        paid_on: T,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.payouts.at(-1)._id as string;
    };
    await payOut('2500.50');
    const reversed = await payOut('1000');
    const reversal = await call(bursarA, 'POST', `${expenseUrl}/payouts/${reversed}/reverse`, {
      reason: 'Paid to the wrong shop',
    });
    expect(reversal.statusCode, reversal.body).toBe(200);
    const books = { school: 'a', term: ids.termSecond, kind: 'spent', line: 'academic_resources', day: T } as const;
    ledger.push({ ...books, kobo: 2_500_50n }, { ...books, kobo: 1_000_00n }, { ...books, kobo: -1_000_00n });
    committed.a += 6_000_00n - 2_500_50n;

    // Neither a draft nor a cancelled request is spending or committed.
    await anExpense(t, { termId: ids.termSecond, category: 'other', amountKobo: 999_00n, status: 'draft' });
    await anExpense(t, { termId: ids.termSecond, category: 'other', amountKobo: 888_00n, status: 'cancelled' });
  });

  /** The Income, Expenditure and Surplus or deficit sections against the ledger rows of both periods. */
  function expectStatement(report: ReportPreview, current: Entry[], previous: Entry[], committedKobo: bigint) {
    for (const [title, kind] of [
      ['Income', 'income'],
      ['Expenditure', 'spent'],
    ] as const) {
      const now = byLine(current.filter((entry) => entry.kind === kind));
      const then = byLine(previous.filter((entry) => entry.kind === kind));
      const section = sectionOf(report, title);
      const expected = new Map<string, { amount: number; previous: number; change: number }>();
      for (const line of new Set([...now.keys(), ...then.keys()])) {
        const amount = now.get(line) ?? 0n;
        const before = then.get(line) ?? 0n;
        if (amount === 0n && before === 0n) continue;
        expected.set(line, { amount: naira(amount), previous: naira(before), change: naira(amount - before) });
      }
      const shown = new Map(
        section.rows.map((row) => [
          String(row.line).toLowerCase().replaceAll(' ', '_'),
          { amount: row.amount, previous: row.previous, change: row.change },
        ]),
      );
      expect(shown, title).toEqual(expected);
      const total = sum(current.filter((entry) => entry.kind === kind));
      const totalBefore = sum(previous.filter((entry) => entry.kind === kind));
      expect(section.totals, title).toMatchObject({
        amount: naira(total),
        previous: naira(totalBefore),
        change: naira(total - totalBefore),
      });
    }
    const income = sum(current.filter((entry) => entry.kind === 'income'));
    const spent = sum(current.filter((entry) => entry.kind === 'spent'));
    const incomeBefore = sum(previous.filter((entry) => entry.kind === 'income'));
    const spentBefore = sum(previous.filter((entry) => entry.kind === 'spent'));
    const surplus = income - spent;
    const surplusBefore = incomeBefore - spentBefore;
    expect(sectionOf(report, 'Surplus or deficit').rows).toEqual([
      {
        line: 'Fee income',
        amount: naira(income),
        previous: naira(incomeBefore),
        change: naira(income - incomeBefore),
      },
      { line: 'Expenditure', amount: naira(spent), previous: naira(spentBefore), change: naira(spent - spentBefore) },
      {
        line: surplus < 0n ? 'Deficit' : 'Surplus',
        amount: naira(surplus),
        previous: naira(surplusBefore),
        change: naira(surplus - surplusBefore),
      },
      { line: 'Committed: approved, not yet paid', amount: naira(committedKobo), previous: null, change: null },
    ]);
  }

  async function collectionsNet(who: Who, filters: ReportFilters) {
    const collections = await preview(who, 'collections', filters);
    return sectionOf(collections, 'By day').totals?.net;
  }

  it("for a term: its fees and expenses whenever paid, against the school's term before", async () => {
    const report = await preview(bursarA, 'income_expenditure', { termId: ids.termSecond });
    const ofTerm = (termId: string) => ledger.filter((entry) => entry.term === termId);
    expectStatement(report, ofTerm(ids.termSecond), ofTerm(ids.termFirst), committed.a);
    expect(report.subtitle).toContain(
      'This period: Second Term, This session. Previous period: First Term, This session.',
    );
    expect(report.sections.map((section) => section.title)).toEqual(['Income', 'Expenditure', 'Surplus or deficit']);

    // The fee income is the Collections report's net, for this term and the one before.
    const income = sectionOf(report, 'Income').totals!;
    expect(income.amount).toBe(await collectionsNet(bursarA, { termId: ids.termSecond }));
    expect(income.previous).toBe(await collectionsNet(bursarA, { termId: ids.termFirst }));
    expect(income.amount).toBe(25000.75);

    // The school's first term has nothing before it: no comparison columns rather than zeros.
    const first = await preview(bursarA, 'income_expenditure', { termId: ids.termPrevious });
    expect(sectionOf(first, 'Expenditure').columns.map((column) => column.key)).toEqual(['line', 'amount']);
    expect(sectionOf(first, 'Expenditure').rows).toEqual([{ line: 'Technology', amount: 7000 }]);
    expect(first.subtitle).toContain(
      'This period: First Term, Last session. There is no earlier period to compare it with.',
    );
  });

  it('for a session: money received in its dates and the expenses of its terms, against the session before', async () => {
    const report = await preview(bursarA, 'income_expenditure', { sessionId: ids.session });
    const sessionTerms = [ids.termFirst, ids.termSecond];
    const current = ledger.filter(
      (entry) =>
        entry.school === 'a' &&
        (entry.kind === 'income' ? entry.day >= addDays(T, -200) : sessionTerms.includes(entry.term)),
    );
    const previous = ledger.filter(
      (entry) =>
        entry.school === 'a' &&
        (entry.kind === 'income'
          ? entry.day >= addDays(T, -565) && entry.day <= addDays(T, -201)
          : entry.term === ids.termPrevious),
    );
    expectStatement(report, current, previous, committed.a);
    expect(sectionOf(report, 'Income').totals!.amount).toBe(await collectionsNet(bursarA, { sessionId: ids.session }));
    expect(sectionOf(report, 'Expenditure').totals).toMatchObject({ amount: 125500.5, previous: 7000 });
  });

  it('for the whole group over a range of days: each school, the group, and the days just before', async () => {
    const range = { from: addDays(T, -4), to: T };
    const report = await preview(proprietor, 'income_expenditure', range);
    const within = (from: string, to: string) => ledger.filter((entry) => entry.day >= from && entry.day <= to);
    const current = within(range.from, range.to);
    const previous = within(addDays(T, -9), addDays(T, -5));
    expectStatement(report, current, previous, committed.a + committed.b);
    expect(sectionOf(report, 'Income').totals!.amount).toBe(await collectionsNet(proprietor, range));
    expect(sectionOf(report, 'Income').totals).toMatchObject({ amount: 32000.75, previous: 50000 });
    expect(sectionOf(report, 'Expenditure').totals).toMatchObject({ amount: 111500.5, previous: 9000 });

    const of = (entries: Entry[], school: 'a' | 'b', kind: Entry['kind']) =>
      sum(entries.filter((entry) => entry.school === school && entry.kind === kind));
    const bySchool = sectionOf(report, 'By school');
    expect(bySchool.rows).toEqual(
      (['a', 'b'] as const).map((school) => ({
        school: school === 'a' ? 'Harmattan Academy, Apapa' : 'Harmattan Academy, Bodija',
        income: naira(of(current, school, 'income')),
        expenditure: naira(of(current, school, 'spent')),
        surplus: naira(of(current, school, 'income') - of(current, school, 'spent')),
        previousSurplus: naira(of(previous, school, 'income') - of(previous, school, 'spent')),
        committed: naira(committed[school]),
      })),
    );
    expect(bySchool.totals).toMatchObject({
      income: naira(sum(current.filter((entry) => entry.kind === 'income'))),
      expenditure: naira(sum(current.filter((entry) => entry.kind === 'spent'))),
    });

    // One school of the group: the same figures as its row.
    const schoolB = await preview(proprietor, 'income_expenditure', { ...range, schoolId: ids.b });
    expect(schoolB.sections.map((section) => section.title)).not.toContain('By school');
    expect(sectionOf(schoolB, 'Surplus or deficit').rows[2]).toMatchObject({
      amount: bySchool.rows[1]!.surplus,
      previous: bySchool.rows[1]!.previousSurplus,
    });
  });

  it('writes a deficit with a minus sign in the CSV and the PDF', async () => {
    const generate = async (format: 'csv' | 'pdf') => {
      const queued = await call(bursarA, 'POST', '/reports/runs', {
        report: 'income_expenditure',
        format,
        filters: { termId: ids.termSecond },
      });
      expect(queued.statusCode, queued.body).toBe(202);
      await generateReportRun(t.ctx, queued.json().data.id);
      const file = await call(bursarA, 'GET', `/reports/runs/${queued.json().data.id}/file`);
      expect(file.statusCode, file.body).toBe(200);
      return file.rawPayload;
    };
    // 25,000.75 came in on the term's fees and 110,500.50 went out on its expenses; the first term
    // had 40,000 in and 15,000 out.
    const records: string[][] = parse((await generate('csv')).toString('utf8').slice(1), { relax_column_count: true });
    expect(records).toContainEqual(['Deficit', '-85499.75', '25000.00', '-110499.75']);
    expect(records).toContainEqual(['Fee income', '25000.75', '40000.00', '-14999.25']);
    const words = pdfText(await generate('pdf'));
    expect(words).toContain('Deficit');
    expect(words).toContain('-₦85,499.75');
  });

  it('is for those who read expenses only, and only on their own schools', async () => {
    const headteacher = `ie-head-${randomUUID().slice(0, 6)}@example.test`;
    await insertUser(t, { email: headteacher, roles: ['Headteacher'], schoolId: ids.a });
    const asHead = bearer((await login(t, headteacher)).json().data.token);
    const refused = await call(asHead, 'POST', '/reports/preview', {
      report: 'income_expenditure',
      filters: { termId: ids.termSecond },
    });
    expect(refused.statusCode).toBe(403);
    const foreign = await call('bursar', 'POST', '/reports/preview', {
      report: 'income_expenditure',
      filters: { termId: ids.termSecond },
    });
    expect(foreign.statusCode).toBe(404);
    // The demo group's proprietor sees none of this group's money.
    const demo = await call('proprietor', 'POST', '/reports/preview', {
      report: 'income_expenditure',
      filters: { schoolId: ids.a },
    });
    expect(demo.statusCode).toBe(404);
  });
});
