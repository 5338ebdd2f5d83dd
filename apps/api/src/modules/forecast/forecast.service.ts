import {
  addDays,
  backtest,
  budgetByMonth,
  type CalendarDate,
  type CashFlowWeek,
  type Commitment,
  type CommitmentInput,
  type CommitmentList,
  cashFlowAhead,
  collectedBy,
  collectionCurve,
  commitmentDates,
  daysUntil,
  EXPENSE_CATEGORY_LABELS,
  type Forecast,
  type ForecastDebtors,
  type ForecastDebtorsQuery,
  type ForecastQuery,
  forecastTerm,
  groupCashFlow,
  type Outgoing,
  type SchoolCashFlowInput,
  type SchoolForecast,
  shareBy,
  type TermCurve,
  termLength,
  todayIn,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { ReadDb } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope, assertSchoolInScope, type Scope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { budgetsLeft } from '../budgets/budgets.service.js';
import { termOverview } from '../dashboards/collections.queries.js';
import { commitmentNotFound } from './forecast.errors.js';
import {
  type CommitmentRow,
  cashHeld,
  commitmentsOf,
  deleteCommitment as deleteCommitmentRow,
  expensesToPay,
  forecastSchools,
  insertCommitment,
  largestOwedFees,
  reminderHistory,
  reminderWaves,
  schoolDays,
  type TermRow,
  termBills,
  termDays,
  termsBegunBy,
} from './forecast.queries.js';

export const FORECAST = {
  loaded: 'Forecast retrieved',
  commitments: 'Commitments retrieved',
  debtors: 'Debtors retrieved',
  commitmentAdded: 'Commitment added',
  commitmentRemoved: 'Commitment removed',
};

/** Past terms a school's forecast looks back over: two years of three terms. */
const PAST_TERMS = 6;

/** The same term of the year before: the same name, begun 10 to 14 months earlier. */
function sameTermLastYear(term: TermRow, current: TermRow) {
  const monthsBefore = daysUntil(current.startDate, term.startDate) / 30.44;
  return term.name === current.name && monthsBefore >= 10 && monthsBefore <= 14;
}

/**
 * The days of a closed term the method is tried from: two weeks in, when most families are still
 * to pay, and the same day of the term as today (late in a term, that one has little left to guess).
 */
const EARLY_CHECKPOINT = 14;
const checkpoints = (day: number) => (day > EARLY_CHECKPOINT ? [EARLY_CHECKPOINT, day] : [day]);

const shares = (curve: TermCurve, days: number) => Array.from({ length: days }, (_, day) => shareBy(curve, day));

/** A school's commitments as outgoings on the days they fall from `from` to `to`. */
function commitmentOutgoings(commitments: readonly CommitmentRow[], from: CalendarDate, to: CalendarDate): Outgoing[] {
  return commitments.flatMap((commitment) => {
    const start = commitment.startsOn > from ? commitment.startsOn : from;
    const end = commitment.endsOn && commitment.endsOn < to ? commitment.endsOn : to;
    if (start > end) return [];
    return commitmentDates({ dayOfMonth: commitment.dayOfMonth, from: start, to: end }).map((dueOn) => ({
      dueOn,
      amountKobo: commitment.amountKobo,
      label: commitment.label,
    }));
  });
}

type Due = Outgoing & { kind: 'expense' | 'commitment' | 'budget' };

/** The weeks of a cash flow as the wire carries them. */
const cashFlowWeeksOut = (weeks: readonly CashFlowWeek<Due>[]) =>
  weeks.map((week) => ({
    starts_on: week.startsOn,
    ends_on: week.endsOn,
    expected_in: week.expectedInKobo,
    low_in: week.lowInKobo,
    high_in: week.highInKobo,
    out: week.outKobo,
    outgoings: week.outgoings.map((outgoing) => ({
      kind: outgoing.kind,
      label: outgoing.label,
      due_on: outgoing.dueOn,
      amount: outgoing.amountKobo,
    })),
    expected_balance: week.expectedBalanceKobo,
    low_balance: week.lowBalanceKobo,
    uncovered_days: week.uncoveredDays,
  }));

/**
 * Each school's term on `date`: its collection curve beside its past terms' (the same term of
 * last year first), the forecast to the term's end with its band and how the same method did on
 * the closed terms, and the cash flow week by week against expenses, commitments and the budgets
 * left to spend; with more than one school, the group's cash flow too.
 */
export async function getForecast({
  ctx,
  auth,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: ForecastQuery;
}): Promise<Forecast> {
  if (input.school_id) assertSchoolInScope(auth.scope, input.school_id);
  return forecastFor({
    db: ctx.readDb,
    scope: auth.scope,
    schoolId: input.school_id,
    date: input.date ?? todayIn(undefined, ctx.clock()),
  });
}

/** The forecast of the schools in `scope` (or the one named, already checked to be in it) on `date`. */
export async function forecastFor({
  db,
  scope,
  schoolId,
  date,
}: {
  db: ReadDb;
  scope: Scope;
  schoolId: string | undefined;
  date: CalendarDate;
}): Promise<Forecast> {
  const schoolRows = await forecastSchools(db, scope, schoolId);
  const schoolIds = schoolRows.map((school) => school.id);
  const allTerms = await termsBegunBy(db, schoolIds, date);
  const current = new Map<string, TermRow>();
  for (const term of allTerms) current.set(term.schoolId, term);
  const pastOf = new Map<string, TermRow[]>();
  for (const term of allTerms) {
    if (term.endDate >= current.get(term.schoolId)!.startDate) continue;
    const past = pastOf.get(term.schoolId);
    if (past) past.push(term);
    else pastOf.set(term.schoolId, [term]);
  }
  for (const [schoolId, past] of pastOf) pastOf.set(schoolId, past.slice(-PAST_TERMS));
  const termIds = [...current.values(), ...[...pastOf.values()].flat()].map((term) => term.id);
  const [bills, days, held, toPay, commitments, budgets] = await Promise.all([
    termBills(db, termIds),
    termDays(db, termIds, date),
    cashHeld(db, schoolIds, date),
    expensesToPay(db, schoolIds),
    commitmentsOf(db, scope, schoolIds),
    budgetsLeft(
      db,
      [...current.values()].map((term) => term.id),
    ),
  ]);
  const paymentsOf = new Map<string, { on: CalendarDate; amountKobo: bigint }[]>();
  for (const row of days) {
    const amount = { on: row.day, amountKobo: row.amountKobo };
    const taken = paymentsOf.get(row.termId);
    if (taken) taken.push(amount);
    else paymentsOf.set(row.termId, [amount]);
  }
  const curveOf = (term: TermRow): TermCurve =>
    collectionCurve({
      startsOn: term.startDate,
      endsOn: term.endDate,
      billedKobo: bills.get(term.id) ?? 0n,
      payments: paymentsOf.get(term.id) ?? [],
    });

  const running: SchoolCashFlowInput<Due>[] = [];
  const forecasts = schoolRows.map((school): SchoolForecast => {
    const term = current.get(school.id);
    const opening = held.get(school.id) ?? 0n;
    if (!term) {
      return {
        school: { _id: school.id, name: school.name },
        term: null,
        billed: 0n,
        collected: 0n,
        curve: [],
        past_terms: [],
        forecast: { enough: false, past_terms: 0, lines: [] },
        accuracy: [],
        cash_flow: { opening, weeks: [] },
      };
    }
    const length = termLength({ startsOn: term.startDate, endsOn: term.endDate });
    const day = Math.min(daysUntil(date, term.startDate), length - 1);
    const curve = curveOf(term);
    const collected = collectedBy(curve, day);
    const past = pastOf.get(school.id) ?? [];
    const pastCurves = past.map(curveOf);
    const forecast = forecastTerm({
      billedKobo: curve.billedKobo,
      collectedKobo: collected,
      today: day,
      termDays: length,
      pastTerms: pastCurves,
    });
    const lines = forecast.enough ? forecast.days : [];
    const shown = past
      .map((pastTerm, index) => ({ pastTerm, curve: pastCurves[index]!, lastYear: sameTermLastYear(pastTerm, term) }))
      // The same term of last year first, then the most recent.
      .sort(
        (a, b) => Number(b.lastYear) - Number(a.lastYear) || (a.pastTerm.startDate < b.pastTerm.startDate ? 1 : -1),
      );
    const outgoings: Due[] = [
      ...toPay
        .filter((expense) => expense.schoolId === school.id)
        .map((expense) => ({
          // Overdue or undated: it can be asked for any day now.
          dueOn: expense.dueDate && expense.dueDate > date ? expense.dueDate : date,
          amountKobo: BigInt(expense.leftKobo),
          label: expense.title,
          kind: 'expense' as const,
        })),
      ...commitmentOutgoings(
        commitments.filter((commitment) => commitment.schoolId === school.id),
        date,
        term.endDate,
      ).map((outgoing) => ({ ...outgoing, kind: 'commitment' as const })),
      ...budgets
        .filter((budget) => budget.termId === term.id)
        .flatMap((budget) =>
          budgetByMonth({ leftKobo: budget.leftKobo, from: date, to: term.endDate }).map((part) => ({
            ...part,
            label: `${EXPENSE_CATEGORY_LABELS[budget.category]} budget`,
            kind: 'budget' as const,
          })),
        ),
    ];
    const flow = {
      termStartsOn: term.startDate,
      termEndsOn: term.endDate,
      openingKobo: opening,
      collectedKobo: collected,
      forecast: lines,
      outgoings,
    };
    if (date <= term.endDate) {
      running.push({
        ...flow,
        outgoings: outgoings.map((outgoing) => ({ ...outgoing, label: `${school.name}: ${outgoing.label}` })),
      });
    }
    const weeks = date > term.endDate ? [] : cashFlowAhead({ today: date, ...flow });
    return {
      school: { _id: school.id, name: school.name },
      term: {
        _id: term.id,
        name: term.name,
        session: term.session,
        starts_on: term.startDate,
        ends_on: term.endDate,
        day,
        days: length,
      },
      billed: curve.billedKobo,
      collected,
      curve: shares(curve, day + 1),
      past_terms: shown.map(({ pastTerm, curve: pastCurve, lastYear }) => ({
        _id: pastTerm.id,
        name: pastTerm.name,
        session: pastTerm.session,
        starts_on: pastTerm.startDate,
        ends_on: pastTerm.endDate,
        billed: pastCurve.billedKobo,
        collected: collectedBy(pastCurve, pastCurve.collectedKobo.length - 1),
        curve: shares(pastCurve, pastCurve.collectedKobo.length),
        same_term_last_year: lastYear,
      })),
      forecast: {
        enough: forecast.enough,
        past_terms: forecast.pastTerms,
        lines: lines.map((line) => ({
          date: addDays(term.startDate, line.day),
          expected: line.expectedKobo,
          low: line.lowKobo,
          high: line.highKobo,
        })),
      },
      accuracy: checkpoints(day).flatMap((atDay) =>
        backtest({ terms: pastCurves, atDay }).map((result) => ({
          term: past[result.term]!.name,
          session: past[result.term]!.session,
          from_day: Math.min(atDay, pastCurves[result.term]!.collectedKobo.length - 1),
          forecast: result.forecastKobo,
          low: result.lowKobo,
          high: result.highKobo,
          actual: result.actualKobo,
          error_percent: result.errorBasisPoints / 100,
          within_band: result.withinBand,
        })),
      ),
      cash_flow: { opening, weeks: cashFlowWeeksOut(weeks) },
    };
  });
  return {
    date,
    schools: forecasts,
    group_cash_flow:
      schoolRows.length > 1
        ? {
            // The schools in term: a school between terms has no weeks to add its cash to.
            opening: running.reduce((sum, school) => sum + school.openingKobo, 0n),
            weeks: cashFlowWeeksOut(groupCashFlow({ today: date, schools: running })),
          }
        : null,
  };
}

/** The debtors a "what moves it" list shows, largest first. */
const DEBTORS = 20;
/** A day a school reminded at least this many families is a wave; fewer are reminders by hand. */
const WAVE_PEOPLE = 5;

/**
 * What moves a school's forecast: what the low line leaves uncovered of all that falls due by
 * the term's end, the largest debtors (those whose payments together would close that gap marked)
 * with the reminders their families were sent, and each past reminder wave with what came in the
 * week before it and the week after.
 */
export async function getForecastDebtors({
  ctx,
  auth,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  input: ForecastDebtorsQuery;
}): Promise<ForecastDebtors> {
  const forecast = await getForecast({ ctx, auth, input });
  const school = forecast.schools[0];
  if (!school?.term) return { school_id: input.school_id, gap: 0n, debtors: [], reminder_waves: [] };
  const db = ctx.readDb;
  const lastWeek = school.cash_flow.weeks.at(-1);
  const gap = lastWeek && lastWeek.low_balance < 0n ? -lastWeek.low_balance : 0n;
  const { debtors } = await termOverview(
    db,
    { scope: auth.scope, today: forecast.date, termId: school.term._id },
    DEBTORS,
  );
  const studentIds = debtors.map((debtor) => debtor.studentId);
  const [history, owedFees] = await Promise.all([
    reminderHistory(db, studentIds),
    largestOwedFees(db, school.term._id, studentIds),
  ]);
  let before = 0n;
  const listed = debtors.map((debtor) => {
    const closesGap = before < gap;
    before += debtor.outstandingKobo;
    const reminded = history.get(debtor.studentId);
    const fee = owedFees.get(debtor.studentId);
    return {
      student: { _id: debtor.studentId, name: debtor.name, reg_no: debtor.regNo, class_arm: debtor.classArm },
      outstanding: debtor.outstandingKobo,
      remind_about: fee ? { _id: fee.feeId, name: fee.name, outstanding: fee.owedKobo } : null,
      closes_gap: closesGap,
      reminders: {
        days: reminded?.days ?? 0,
        last_at: reminded?.lastAt ?? null,
        channels: (reminded?.channels ?? []) as ('email' | 'sms' | 'whatsapp')[],
      },
    };
  });
  const from = school.past_terms.reduce(
    (earliest, past) => (past.starts_on < earliest ? past.starts_on : earliest),
    school.term.starts_on,
  );
  const waves = await reminderWaves(db, { schoolId: input.school_id, from, to: forecast.date, minPeople: WAVE_PEOPLE });
  const days = new Map(
    (await schoolDays(db, { schoolId: input.school_id, from: addDays(from, -7), to: addDays(forecast.date, 7) })).map(
      (row) => [row.day, BigInt(row.amount)],
    ),
  );
  const week = (start: CalendarDate) => {
    let sum = 0n;
    for (let n = 0; n < 7; n++) sum += days.get(addDays(start, n)) ?? 0n;
    return sum;
  };
  return {
    school_id: input.school_id,
    gap,
    debtors: listed,
    reminder_waves: waves.map((wave) => ({
      date: wave.day,
      people: wave.people,
      collected_week_before: week(addDays(wave.day, -7)),
      collected_week_after: week(wave.day),
    })),
  };
}

const commitmentOf = (row: CommitmentRow): Commitment => ({
  _id: row.id,
  school_id: row.schoolId,
  label: row.label,
  amount: row.amountKobo,
  day_of_month: row.dayOfMonth,
  starts_on: row.startsOn,
  ends_on: row.endsOn,
  created_at: row.createdAt.toISOString(),
});

export async function listCommitments({
  ctx,
  auth,
  schoolId,
}: {
  ctx: AppContext;
  auth: AuthContext;
  schoolId: string | undefined;
}): Promise<CommitmentList> {
  if (schoolId) assertSchoolInScope(auth.scope, schoolId);
  const rows = await commitmentsOf(ctx.readDb, auth.scope, schoolId ? [schoolId] : undefined);
  return { commitments: rows.map(commitmentOf) };
}

export async function addCommitment({
  ctx,
  auth,
  actor,
  input,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  input: CommitmentInput;
}): Promise<Commitment> {
  await assertSchoolExistsInScope(ctx.db, auth.scope, input.school_id);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertCommitment(tx, {
      schoolId: input.school_id,
      label: input.label,
      amountKobo: input.amount,
      dayOfMonth: input.day_of_month,
      startsOn: input.starts_on,
      endsOn: input.ends_on ?? null,
      createdBy: auth.userId,
    });
    await recordAudit(tx, actor, {
      action: 'commitment.create',
      entity: 'school_commitment',
      entityId: created.id,
      schoolId: created.schoolId,
      before: null,
      after: { ...commitmentOf(created), amount: created.amountKobo.toString() },
    });
    return created;
  });
  return commitmentOf(row);
}

export async function removeCommitment({
  ctx,
  auth,
  actor,
  id,
}: {
  ctx: AppContext;
  auth: AuthContext;
  actor: Actor;
  id: string;
}): Promise<Commitment> {
  const row = await ctx.db.transaction(async (tx) => {
    const removed = await deleteCommitmentRow(tx, auth.scope, id);
    if (!removed) throw commitmentNotFound();
    await recordAudit(tx, actor, {
      action: 'commitment.delete',
      entity: 'school_commitment',
      entityId: removed.id,
      schoolId: removed.schoolId,
      before: { ...commitmentOf(removed), amount: removed.amountKobo.toString() },
      after: null,
    });
    return removed;
  });
  return commitmentOf(row);
}
