import {
  addDays,
  capitalize,
  daysUntil,
  EXPENSE_CATEGORY_LABELS,
  formatCalendarDate,
  type ReportFilters,
} from '@schoolledger/domain';
import type { ReadDb } from '../../../db/client.js';
import type { AnySection, Column } from '../../../lib/tabular/index.js';
import {
  findSession,
  type Period,
  previousSession,
  previousTerm,
} from '../../income-expenditure/income-expenditure.queries.js';
import { linesOf, type Statement, statementOf, totalOf } from '../../income-expenditure/income-expenditure.service.js';
import type { ReportBuilder, ResolvedReport } from '../report-definition.js';

interface Compared {
  period: Period;
  label: string;
}

const datesChosen = (filters: ReportFilters) => Boolean(filters.from || filters.to);
const rangeLabel = (range: { from: string; to: string }) =>
  `${formatCalendarDate(range.from)} to ${formatCalendarDate(range.to)}`;

/** The period the report asks for, as the Collections report reads the same filters. */
async function thisPeriod(db: ReadDb, report: ResolvedReport): Promise<Compared> {
  const sessionAlone = !report.term && !datesChosen(report.filters) ? report.filters.sessionId : undefined;
  const period: Period = {
    inSchools: report.inSchools,
    range: report.range,
    termIds: report.term ? [report.term.id] : null,
    sessionId: sessionAlone ?? null,
  };
  if (report.term && !report.range) return { period, label: `${report.term.name}, ${report.term.session}` };
  if (sessionAlone) {
    const session = await findSession(db, sessionAlone);
    return { period, label: `the ${session?.name ?? ''} session` };
  }
  return { period, label: report.range ? rangeLabel(report.range) : 'all time' };
}

/**
 * What the period is compared with: the school's term or session before (by start date), or as
 * many days immediately before a range of dates. None before a school's first term or session.
 */
async function previousPeriod(db: ReadDb, report: ResolvedReport, current: Compared): Promise<Compared | null> {
  const { period } = current;
  if (report.term && !report.range && report.school) {
    const term = await previousTerm(db, report.school.id, report.term.startDate);
    return term ? { period: { ...period, termIds: [term.id] }, label: `${term.name}, ${term.session}` } : null;
  }
  if (period.sessionId && report.school && report.range) {
    // A session chosen alone spans its own dates.
    const session = await previousSession(db, report.school.id, report.range.from);
    if (!session) return null;
    return {
      period: { ...period, range: { from: session.startDate, to: session.endDate }, sessionId: session.id },
      label: `the ${session.name} session`,
    };
  }
  if (!report.range) return null;
  const days = daysUntil(report.range.to, report.range.from) + 1;
  const range = { from: addDays(report.range.from, -days), to: addDays(report.range.from, -1) };
  return { period: { ...period, range }, label: rangeLabel(range) };
}

interface Line {
  line: string;
  amount: bigint;
  previous: bigint | null;
  change: bigint | null;
}

const lineOf = (line: string, amount: bigint, previous: bigint | null | undefined): Line =>
  previous === undefined
    ? { line, amount, previous: null, change: null }
    : { line, amount, previous: previous ?? 0n, change: amount - (previous ?? 0n) };

const surplusOf = (statement: Pick<Statement, 'income' | 'expenditure'>) =>
  totalOf(statement.income) - totalOf(statement.expenditure);

/**
 * Issue 17: what came in, what went out and what is left, per school or across the group, against
 * the period before. Fee income by fee type uses the Collections report's definition (the test
 * holds the two to the same figure); expenditure by category is payouts net of reversals.
 */
export const incomeExpenditureReport: ReportBuilder = async (db, report) => {
  const current = await thisPeriod(db, report);
  const before = await previousPeriod(db, report, current);
  const [statement, previous] = await Promise.all([
    statementOf(db, current.period),
    before ? statementOf(db, before.period) : null,
  ]);
  const { feeTypes, categories } = linesOf(statement, previous);
  // Without a period before there is nothing to compare: the columns are left out, not zeros.
  const then = <T>(pick: (statement: Statement) => T) => (previous ? pick(previous) : undefined);

  const amountColumns = (first: string): Column<Line>[] => [
    { key: 'line', header: first, kind: 'text', width: 28 },
    { key: 'amount', header: 'This period', kind: 'money', total: true },
    ...(previous
      ? ([
          { key: 'previous', header: 'Previous period', kind: 'money', total: true },
          { key: 'change', header: 'Change', kind: 'money', total: true },
        ] satisfies Column<Line>[])
      : []),
  ];
  const surplus = surplusOf(statement);
  const sections: AnySection[] = [
    {
      title: 'Income',
      totals: true,
      columns: amountColumns('Fee type'),
      rows: feeTypes.map((type) =>
        lineOf(
          capitalize(type),
          statement.income.get(type) ?? 0n,
          then((p) => p.income.get(type) ?? 0n),
        ),
      ),
    },
    {
      title: 'Expenditure',
      totals: true,
      columns: amountColumns('Category'),
      rows: categories.map((category) =>
        lineOf(
          EXPENSE_CATEGORY_LABELS[category],
          statement.expenditure.get(category) ?? 0n,
          then((p) => p.expenditure.get(category) ?? 0n),
        ),
      ),
    },
    {
      title: 'Surplus or deficit',
      columns: amountColumns('Item'),
      rows: [
        lineOf(
          'Fee income',
          totalOf(statement.income),
          then((p) => totalOf(p.income)),
        ),
        lineOf(
          'Expenditure',
          totalOf(statement.expenditure),
          then((p) => totalOf(p.expenditure)),
        ),
        lineOf(surplus < 0n ? 'Deficit' : 'Surplus', surplus, then(surplusOf)),
        { line: 'Committed: approved, not yet paid', amount: statement.committed, previous: null, change: null },
      ],
    },
  ];
  if (!report.school) {
    const previousBySchool = new Map(previous?.schools.map((school) => [school.id, surplusOf(school)]));
    sections.push({
      title: 'By school',
      totals: true,
      columns: [
        { key: 'school', header: 'School', kind: 'text', width: 24 },
        { key: 'income', header: 'Fee income', kind: 'money', total: true },
        { key: 'expenditure', header: 'Expenditure', kind: 'money', total: true },
        { key: 'surplus', header: 'Surplus or deficit', kind: 'money', total: true },
        ...(previous
          ? ([{ key: 'previousSurplus', header: 'Previous period', kind: 'money', total: true }] as const)
          : []),
        { key: 'committed', header: 'Committed', kind: 'money', total: true },
      ],
      rows: statement.schools.map((school) => ({
        school: school.name,
        income: totalOf(school.income),
        expenditure: totalOf(school.expenditure),
        surplus: surplusOf(school),
        previousSurplus: previousBySchool.get(school.id) ?? null,
        committed: school.committed,
      })),
    });
  }
  return {
    notes: [
      'Fee income is what the Collections report counts: payments credited, net of refunds, by the Lagos day the money moved (for a term, its fees whenever they were paid). No other income is recorded in SchoolLedger, so there is no other income line.',
      'Expenditure is money paid out on expenses, net of reversals, by the day it was paid (for a term, its expenses whenever paid; for a session, the expenses of its terms). Committed is what approved expenses still have to pay; it is not expenditure until paid.',
      'Surplus or deficit is fee income less expenditure; a deficit is shown with a minus sign.',
      before
        ? `This period: ${current.label}. Previous period: ${before.label}.`
        : `This period: ${current.label}. There is no earlier period to compare it with.`,
    ],
    sections,
  };
};
