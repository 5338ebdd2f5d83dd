import { randomUUID } from 'node:crypto';
import { addDays, type forecastDebtorsSchema, type forecastSchema, todayIn } from '@schoolledger/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { rowsOf } from '../src/db/rows.js';
import { auditLogs } from '../src/db/schema.js';
import { aSchool, aSession, aTerm } from './builders.js';
import { bearer, insertUser, login, useTestApp } from './helper.js';
import { approvedFee, call, loadPaymentIds, type PaymentIds, payCash } from './payments-support.js';

/** The forecast as the wire carries it: naira numbers. */
type SchoolForecast = z.input<typeof forecastSchema>['schools'][number];

const t = useTestApp({ seed: { history: true } });
let ids: PaymentIds;

beforeAll(async () => {
  ids = await loadPaymentIds(t);
});

async function forecastOf(who: string | { authorization: string }, query = '') {
  const response = await call(t, who, 'GET', `/forecast${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as z.input<typeof forecastSchema>;
}

const schoolIn = (forecast: { schools: SchoolForecast[] }, schoolId: string) => {
  const found = forecast.schools.find((school) => school.school._id === schoolId);
  if (!found) throw new Error(`no forecast for school ${schoolId}`);
  return found;
};

/** Naira as the API answers it, from kobo counted in the database. */
const naira = (kobo: string | bigint) => Number(BigInt(kobo)) / 100;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await rowsOf<T>(t.ctx.db, query);
  return row!;
}

describe('the collections forecast', () => {
  it('draws the term so far beside the past terms (last year’s same term first) and forecasts to its end with a band', async () => {
    const forecast = await forecastOf('proprietor');
    expect(forecast.date).toBe(todayIn());
    expect(forecast.schools.map((school) => school.school.name)).toEqual([
      'Crestview College, Ikeja',
      'Crestview College, Wuse',
    ]);
    const ikeja = schoolIn(forecast, ids.school);
    const term = ikeja.term!;
    expect(term._id).toBe(ids.term);
    expect(term.day).toBe(
      Math.min(term.days - 1, Math.round((Date.parse(forecast.date) - Date.parse(term.starts_on)) / 86_400_000)),
    );

    // The bill is what the term's fees ask of each student; collected is its fees' money up to today.
    const { billed } = await one<{ billed: string }>(
      sql`select sum(expected_kobo)::text as billed from student_term_balances where term_id = ${ids.term}`,
    );
    const { collected } = await one<{ collected: string }>(
      sql`select coalesce(sum(case when p.kind = 'refund' then -p.amount_kobo else p.amount_kobo end), 0)::text as collected
        from payments p join fees f on f.id = p.fee_id where f.term_id = ${ids.term} and p.status = 'success'`,
    );
    expect(ikeja.billed).toBe(naira(billed));
    expect(ikeja.collected).toBe(naira(collected));
    expect(ikeja.curve).toHaveLength(term.day + 1);
    expect(ikeja.curve.at(-1)).toBe(Number((BigInt(collected) * 10_000n) / BigInt(billed)) / 10_000);

    // The demo's year of history: last session's three terms, its First Term first.
    expect(ikeja.past_terms.map((past) => [past.name, past.session, past.same_term_last_year])).toEqual([
      ['First Term', '2025/2026', true],
      ['Third Term', '2025/2026', false],
      ['Second Term', '2025/2026', false],
    ]);
    for (const past of ikeja.past_terms) {
      const paid = await one<{ collected: string }>(
        sql`select coalesce(sum(p.amount_kobo), 0)::text as collected from payments p join fees f on f.id = p.fee_id
          where f.term_id = ${past._id} and p.status = 'success'
            and (coalesce(p.paid_at, p.created_at) at time zone 'Africa/Lagos')::date <= ${past.ends_on}`,
      );
      expect(past.collected).toBe(naira(paid.collected));
      expect(past.collected).toBeGreaterThan(0);
      expect(past.curve).toHaveLength(
        Math.round((Date.parse(past.ends_on) - Date.parse(past.starts_on)) / 86_400_000) + 1,
      );
    }

    // From today to the term's last day, starting from what is in, each line inside its band.
    expect(ikeja.forecast.enough).toBe(true);
    expect(ikeja.forecast.past_terms).toBe(3);
    const lines = ikeja.forecast.lines;
    expect(lines.map((line) => line.date)).toEqual(
      Array.from({ length: term.days - term.day }, (_, n) => addDays(term.starts_on, term.day + n)),
    );
    expect(lines[0]).toEqual({
      date: forecast.date,
      expected: ikeja.collected,
      low: ikeja.collected,
      high: ikeja.collected,
    });
    expect(lines.filter((line) => !(line.low <= line.expected && line.expected <= line.high))).toEqual([]);
    expect(lines.filter((line) => line.high > Math.max(ikeja.billed, ikeja.collected))).toEqual([]);

    // The method on the closed terms: only the last had two terms before it, tried from two weeks
    // in and from today's day of the term.
    const third = ikeja.past_terms.find((past) => past.name === 'Third Term')!;
    const fromDays = term.day > 14 ? [14, term.day] : [term.day];
    expect(ikeja.accuracy.map((check) => [check.term, check.session, check.from_day, check.actual])).toEqual(
      fromDays.map((day) => ['Third Term', '2025/2026', Math.min(day, third.curve.length - 1), third.collected]),
    );
    for (const check of ikeja.accuracy) {
      expect(check.within_band).toBe(check.low <= check.actual && check.actual <= check.high);
      expect(check.error_percent).toBeCloseTo(((check.forecast - check.actual) / third.billed) * 100, 1);
    }
  });

  it('would have held each of the demo’s closed terms within its band, and has this term’s collections so far', async () => {
    const forecast = await forecastOf('proprietor');
    expect(forecast.schools.length).toBe(2);
    for (const school of forecast.schools) {
      expect(school.past_terms.length).toBeGreaterThanOrEqual(3);
      expect(school.accuracy.length).toBeGreaterThan(0);
      for (const row of school.accuracy) {
        expect(row.within_band, `${school.school.name}: ${row.term} ${row.session} from day ${row.from_day + 1}`).toBe(
          true,
        );
      }
      // Each past term keeps its own pace: two weeks in, no two had collected the same share.
      const twoWeeksIn = school.past_terms.map((past) => past.curve[14]);
      expect(new Set(twoWeeksIn).size).toBe(twoWeeksIn.length);
      expect(school.collected).toBeGreaterThan(0);
    }
  });

  it('moves with a cash payment taken today, by exactly its amount', async () => {
    const before = schoolIn(await forecastOf('principal'), ids.school);
    const fee = await approvedFee(t, ids.school, ids.term, '1234.50');
    await payCash(t, ids.stranger, fee, '1234.50');
    const after = schoolIn(await forecastOf('principal'), ids.school);
    expect(after.collected).toBeCloseTo(before.collected + 1234.5, 2);
    expect(after.forecast.lines[0]!.expected).toBeCloseTo(before.forecast.lines[0]!.expected + 1234.5, 2);
    expect(after.billed).toBeGreaterThan(before.billed);
  });

  it('says so, and forecasts nothing, for a school with fewer than two past terms', async () => {
    const school = await aSchool(t);
    const today = todayIn();
    const session = await aSession(t, {
      school_id: school.id,
      startDate: addDays(today, -30),
      endDate: addDays(today, 300),
    });
    await aTerm(t, { session: session.id, startDate: addDays(today, -20), endDate: addDays(today, 60) });
    const forecast = await forecastOf('admin', `?school_id=${school.id}`);
    expect(forecast.schools).toHaveLength(1);
    expect(forecast.schools[0]).toMatchObject({
      school: { _id: school.id },
      past_terms: [],
      forecast: { enough: false, past_terms: 0, lines: [] },
      accuracy: [],
    });
    expect(forecast.schools[0]!.term!.day).toBe(20);
  });

  it('shows a bursar their own school only, and no one outside the money roles', async () => {
    const own = await forecastOf('bursar');
    expect(own.schools.map((school) => school.school._id)).toEqual([ids.school]);
    const other = await call(t, 'bursar', 'GET', `/forecast?school_id=${ids.secondSchool}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('SCHOOL_NOT_FOUND');
    const parent = await call(t, 'parent', 'GET', '/forecast');
    expect(parent.statusCode).toBe(403);
  });
});

describe('the forecast report', () => {
  it('puts the screen’s figures on the letterhead: the term and its end, the closed terms, the cash flow', async () => {
    const screen = await forecastOf('proprietor');
    const response = await call(t, 'proprietor', 'POST', '/reports/preview', { report: 'forecast', filters: {} });
    expect(response.statusCode, response.body).toBe(200);
    const [terms, accuracy, cashFlow] = response.json().data.sections as {
      title: string;
      rows: Record<string, unknown>[];
    }[];
    expect([terms!.title, accuracy!.title, cashFlow!.title]).toEqual([
      'The term so far and by its end',
      'How the method did on the closed terms',
      'Cash flow ahead',
    ]);
    expect(terms!.rows.map((row) => [row.school, row.billed, row.collected, row.expected])).toEqual(
      screen.schools.map((school) => [
        school.school.name,
        school.billed,
        school.collected,
        school.forecast.lines.at(-1)?.expected ?? null,
      ]),
    );
    expect(accuracy!.rows.map((row) => [row.school, row.actual])).toEqual(
      screen.schools.flatMap((school) => school.accuracy.map((check) => [school.school.name, check.actual])),
    );
    // Each school's weeks, then the group's.
    expect(cashFlow!.rows.map((row) => row.school)).toEqual([
      ...screen.schools.flatMap((school) => school.cash_flow.weeks.map(() => school.school.name)),
      ...screen.group_cash_flow!.weeks.map(() => 'The group'),
    ]);
    expect(cashFlow!.rows.length).toBeGreaterThan(0);
  });
});

describe('what moves the forecast', () => {
  it('lists the largest debtors with their families’ reminders, the gap they would close, and each reminder wave', async () => {
    const read = async () => {
      const response = await call(t, 'principal', 'GET', `/forecast/debtors?school_id=${ids.school}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as z.input<typeof forecastDebtorsSchema>;
    };
    const first = await read();
    const debtors = first.debtors;
    expect(debtors.length).toBeGreaterThan(1);
    expect(debtors.length).toBeLessThanOrEqual(20);
    const owed = debtors.map((debtor) => debtor.outstanding);
    expect(owed).toEqual([...owed].sort((a, b) => b - a));
    const top = debtors[0]!;
    const { outstanding } = await one<{ outstanding: string }>(
      sql`select outstanding_kobo::text as outstanding from student_term_balances
        where term_id = ${ids.term} and student_id = ${top.student._id}`,
    );
    expect(top.outstanding).toBe(naira(outstanding));
    // Largest first until what they owe together reaches the gap.
    let before = 0;
    expect(debtors.map((debtor) => debtor.closes_gap)).toEqual(
      debtors.map((debtor) => {
        const closes = Math.round(before * 100) < Math.round(first.gap * 100);
        before += debtor.outstanding;
        return closes;
      }),
    );

    // The top debtor reminded by hand of the fee they owe most on (the screen's one action), then
    // the whole school at once: the family's history, and a wave today.
    expect(top.remind_about!.outstanding).toBeGreaterThan(0);
    expect(top.remind_about!.outstanding).toBeLessThanOrEqual(top.outstanding);
    const feeId = top.remind_about!._id;
    const { from_ms: waveFrom } = await one<{ from_ms: number }>(
      sql`select floor(extract(epoch from now()) * 1000)::float8 as from_ms`,
    );
    const created = await call(t, 'principal', 'POST', '/notification/payment-reminder', {
      feeId,
      studentId: top.student._id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const reminders = created.json().data as { _id: string }[];
    expect(reminders.length).toBeGreaterThan(0);
    for (const reminder of reminders) {
      const sent = await call(t, 'principal', 'POST', `/notification/payment-reminder/${reminder._id}/send`);
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const wave = await call(t, 'principal', 'POST', '/notification/payment-reminders/bulk', { feeId });
    expect(wave.statusCode, wave.body).toBe(200);
    const after = await read();
    const topAfter = after.debtors.find((debtor) => debtor.student._id === top.student._id)!;
    expect(topAfter.reminders.days).toBeGreaterThanOrEqual(1);
    expect(topAfter.reminders.channels).toContain('email');
    // Sent by the wave: no earlier than the database's clock just before it.
    expect(Date.parse(topAfter.reminders.last_at!)).toBeGreaterThanOrEqual(waveFrom);
    const today = after.reminder_waves.find((one) => one.date === todayIn());
    expect(today?.people).toBeGreaterThanOrEqual(5);
    const { week } = await one<{ week: string }>(
      sql`select coalesce(sum(amount_kobo), 0)::text as week from daily_collections
        where school_id = ${ids.school} and day >= ${addDays(todayIn(), -7)}::date and day < ${todayIn()}::date`,
    );
    expect(today?.collected_week_before).toBe(naira(week));
  });

  it('is one school’s, within the caller’s schools', async () => {
    const other = await call(t, 'bursar', 'GET', `/forecast/debtors?school_id=${ids.secondSchool}`);
    expect(other.statusCode).toBe(404);
    const missing = await call(t, 'bursar', 'GET', '/forecast/debtors');
    expect(missing.statusCode).toBe(422);
  });
});

describe('monthly commitments in the cash flow', () => {
  it('counts salaries on their day against the cash held and the low line, and marks the day they are not covered', async () => {
    const before = schoolIn(await forecastOf('principal'), ids.school);
    const today = before.forecast.lines[0]!.date;
    const added = await call(t, 'principal', 'POST', '/forecast/commitments', {
      school_id: ids.school,
      label: 'Staff salaries',
      amount: 2_500_000,
      day_of_month: Number(today.slice(8, 10)),
      starts_on: addDays(today, -40),
      ends_on: null,
    });
    expect(added.statusCode, added.body).toBe(200);
    const commitment = added.json().data;
    expect(commitment).toMatchObject({ label: 'Staff salaries', amount: 2_500_000, ends_on: null });

    const after = schoolIn(await forecastOf('principal'), ids.school);
    const week = after.cash_flow.weeks[0]!;
    expect(week.starts_on).toBe(today);
    expect(week.outgoings.filter((outgoing) => outgoing.kind === 'commitment')).toEqual([
      { kind: 'commitment', label: 'Staff salaries', due_on: today, amount: 2_500_000 },
    ]);
    expect(week.out).toBeCloseTo(before.cash_flow.weeks[0]!.out + 2_500_000, 2);
    expect(week.low_balance).toBeCloseTo(after.cash_flow.opening + week.low_in - week.out, 2);
    // Today nothing more has come in at any line: what is due today is covered by the cash held, or not.
    const dueToday = week.outgoings
      .filter((outgoing) => outgoing.due_on === today)
      .reduce((sum, o) => sum + o.amount, 0);
    expect(week.uncovered_days.includes(today)).toBe(after.cash_flow.opening < dueToday);

    const [created] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, commitment._id), eq(auditLogs.action, 'commitment.create')));
    expect(created).toMatchObject({ entity: 'school_commitment', schoolId: ids.school });

    // Another school's principal cannot remove it; its own can, and it leaves the cash flow.
    const email = `principal-${randomUUID().slice(0, 8)}@example.test`;
    await insertUser(t, { email, roles: ['Principal'], schoolId: ids.secondSchool });
    const stranger = bearer((await login(t, email)).json().data.token);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/forecast/commitments/${commitment._id}`,
      headers: stranger,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('COMMITMENT_NOT_FOUND');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/forecast/commitments/${commitment._id}`,
      headers: await t.as('principal'),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const listed = await call(t, 'principal', 'GET', `/forecast/commitments?school_id=${ids.school}`);
    expect(listed.json().data.commitments).toEqual([]);
    const gone = schoolIn(await forecastOf('principal'), ids.school);
    expect(gone.cash_flow.weeks[0]!.outgoings.filter((outgoing) => outgoing.kind === 'commitment')).toEqual([]);
  });

  it('refuses a day past 31, an amount that is not naira, and a last month before the first', async () => {
    const fieldsOf = async (payload: object) => {
      const response = await call(t, 'principal', 'POST', '/forecast/commitments', {
        school_id: ids.school,
        label: 'Rent',
        amount: 100,
        day_of_month: 1,
        starts_on: '2026-09-01',
        ...payload,
      });
      expect(response.statusCode).toBe(422);
      return Object.fromEntries(
        (response.json().errors as { field: string; message: string }[]).map((error) => [error.field, error.message]),
      );
    };
    expect(await fieldsOf({ amount: '100.001', day_of_month: 32 })).toEqual({
      amount: 'Enter an amount in naira with at most two decimal places',
      day_of_month: 'Choose a day from 1 to 31',
    });
    expect(await fieldsOf({ ends_on: '2026-08-01' })).toEqual({
      ends_on: 'The last payment cannot be before the first',
    });
  });
});

describe('budgets left in the cash flow', () => {
  it('spreads what is left of the term’s budget, after what was spent or is owed, over the months to its end', async () => {
    const set = await call(t, 'bursar', 'PUT', '/budgets', {
      school_id: ids.school,
      term_id: ids.term,
      category: 'technology',
      amount: '300000',
    });
    expect(set.statusCode, set.body).toBe(200);
    const line = (set.json().data.lines as { _id: string; category: string; actual: number; committed: number }[]).find(
      (budget) => budget.category === 'technology',
    )!;
    const left = Math.max(0, 300_000 - line.actual - line.committed);
    expect(left).toBeGreaterThan(0);

    const school = schoolIn(await forecastOf('principal'), ids.school);
    const today = school.forecast.lines[0]!.date;
    const parts = school.cash_flow.weeks
      .flatMap((week) => week.outgoings)
      .filter((outgoing) => outgoing.kind === 'budget' && outgoing.label === 'Technology budget');
    // One part a month from today to the term's end, today's first and each later one on the 1st.
    const months = new Set<string>();
    for (let day = today; day <= school.term!.ends_on; day = addDays(day, 1)) months.add(day.slice(0, 7));
    expect(parts.map((part) => part.due_on)).toEqual(
      [...months].map((month, index) => (index === 0 ? today : `${month}-01`)),
    );
    expect(parts.reduce((sum, part) => sum + part.amount, 0)).toBeCloseTo(left, 2);

    const removed = await call(t, 'bursar', 'DELETE', `/budgets/${line._id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = schoolIn(await forecastOf('principal'), ids.school);
    expect(
      after.cash_flow.weeks
        .flatMap((week) => week.outgoings)
        .filter((outgoing) => outgoing.label === 'Technology budget'),
    ).toEqual([]);
  });
});

describe('the group’s cash flow', () => {
  it('adds its schools’ weeks up for the proprietor, and is not drawn for one school', async () => {
    const forecast = await forecastOf('proprietor');
    const group = forecast.group_cash_flow!;
    const schools = forecast.schools.filter((school) => school.cash_flow.weeks.length > 0);
    expect(schools.length).toBeGreaterThanOrEqual(2);
    const sum = (values: number[]) => Math.round(values.reduce((total, value) => total + value, 0) * 100) / 100;
    expect(group.opening).toBeCloseTo(sum(schools.map((school) => school.cash_flow.opening)), 2);
    expect(group.weeks[0]!.starts_on).toBe(forecast.date);
    expect(sum(group.weeks.map((week) => week.out))).toBeCloseTo(
      sum(schools.flatMap((school) => school.cash_flow.weeks.map((week) => week.out))),
      2,
    );
    expect(group.weeks.at(-1)!.low_balance).toBeCloseTo(
      sum(schools.map((school) => school.cash_flow.weeks.at(-1)!.low_balance)),
      2,
    );
    // Each school's items, named by their school.
    const items = group.weeks.flatMap((week) => week.outgoings.map((outgoing) => outgoing.label));
    const own = schools.flatMap((school) =>
      school.cash_flow.weeks.flatMap((week) =>
        week.outgoings.map((outgoing) => `${school.school.name}: ${outgoing.label}`),
      ),
    );
    expect(items.length).toBeGreaterThan(0);
    expect(items.sort()).toEqual(own.sort());
    expect((await forecastOf('principal')).group_cash_flow).toBeNull();
  });
});
