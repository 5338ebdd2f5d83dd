import { formatCalendarDate, todayIn } from '@schoolledger/domain';
import { forecastFor } from '../../forecast/forecast.service.js';
import type { ReportBuilder } from '../report-definition.js';

const percent = (share: number | undefined) => (share === undefined ? null : Math.round(share * 1000) / 10);
const range = (from: string, to: string) => `${formatCalendarDate(from)} – ${formatCalendarDate(to)}`;

/** The collections forecast and cash flow on the letterhead: the screen's figures, as of today. */
export const forecastReport: ReportBuilder = async (db, report) => {
  const date = todayIn('Africa/Lagos', report.now);
  const { schools, group_cash_flow: group } = await forecastFor({
    db,
    scope: report.auth.scope,
    schoolId: report.school?.id,
    date,
  });
  return {
    orientation: 'landscape',
    notes: [
      `As of ${formatCalendarDate(date)}. Expected is the middle of the school's past terms replayed from today and scaled to this term's bill; low and high are the lowest and highest of them. With fewer than two past terms, no forecast is made.`,
      'Cash held is cash on hand, tills, bank and money a payment provider has yet to settle, in the books. A day is not covered when what falls due by then passes the cash held and the low line.',
    ],
    sections: [
      {
        title: 'The term so far and by its end',
        totals: true,
        columns: [
          { key: 'school', header: 'School', kind: 'text', width: 18 },
          { key: 'term', header: 'Term', kind: 'text', width: 14 },
          { key: 'day', header: 'Day', kind: 'number', width: 6 },
          { key: 'billed', header: 'Billed', kind: 'money', total: true },
          { key: 'collected', header: 'Collected', kind: 'money', total: true },
          { key: 'share', header: 'Collected %', kind: 'number', width: 8 },
          { key: 'lastYear', header: 'Last year by this day %', kind: 'number', width: 10 },
          { key: 'expected', header: 'Expected by end', kind: 'money', total: true },
          { key: 'low', header: 'Low', kind: 'money', total: true },
          { key: 'high', header: 'High', kind: 'money', total: true },
        ],
        rows: schools.map((school) => {
          const end = school.forecast.lines.at(-1);
          const lastYear = school.past_terms.find((past) => past.same_term_last_year);
          return {
            school: school.school.name,
            term: school.term ? `${school.term.name}, ${school.term.session}` : 'No term yet',
            day: school.term ? school.term.day + 1 : null,
            billed: school.billed,
            collected: school.collected,
            share: percent(school.curve.at(-1)),
            lastYear:
              school.term && lastYear
                ? percent(lastYear.curve[Math.min(school.term.day, lastYear.curve.length - 1)])
                : null,
            expected: end?.expected ?? null,
            low: end?.low ?? null,
            high: end?.high ?? null,
          };
        }),
      },
      {
        title: 'How the method did on the closed terms',
        columns: [
          { key: 'school', header: 'School', kind: 'text', width: 18 },
          { key: 'term', header: 'Term', kind: 'text', width: 14 },
          { key: 'fromDay', header: 'From day', kind: 'number', width: 6 },
          { key: 'forecast', header: 'Forecast', kind: 'money' },
          { key: 'low', header: 'Low', kind: 'money' },
          { key: 'high', header: 'High', kind: 'money' },
          { key: 'actual', header: 'Collected', kind: 'money' },
          { key: 'error', header: 'Error % of bill', kind: 'number', width: 9 },
          { key: 'within', header: 'Within the band', kind: 'text', width: 9 },
        ],
        rows: schools.flatMap((school) =>
          school.accuracy.map((check) => ({
            school: school.school.name,
            term: `${check.term}, ${check.session}`,
            fromDay: check.from_day + 1,
            forecast: check.forecast,
            low: check.low,
            high: check.high,
            actual: check.actual,
            error: check.error_percent,
            within: check.within_band ? 'Yes' : 'No',
          })),
        ),
      },
      {
        title: 'Cash flow ahead',
        columns: [
          { key: 'school', header: 'School', kind: 'text', width: 18 },
          { key: 'week', header: 'Week', kind: 'text', width: 16 },
          { key: 'expectedIn', header: 'Expected in', kind: 'money' },
          { key: 'lowIn', header: 'Low in', kind: 'money' },
          { key: 'out', header: 'Going out', kind: 'money' },
          { key: 'items', header: 'What falls due', kind: 'text', width: 24 },
          { key: 'balance', header: 'Balance (expected)', kind: 'money' },
          { key: 'lowBalance', header: 'Balance (low)', kind: 'money' },
          { key: 'uncovered', header: 'Not covered on', kind: 'text', width: 14 },
        ],
        rows: [
          ...schools.map((school) => ({ name: school.school.name, weeks: school.cash_flow.weeks })),
          ...(group ? [{ name: 'The group', weeks: group.weeks }] : []),
        ].flatMap(({ name, weeks }) =>
          weeks.map((week) => ({
            school: name,
            week: range(week.starts_on, week.ends_on),
            expectedIn: week.expected_in,
            lowIn: week.low_in,
            out: week.out,
            items: week.outgoings
              .map((outgoing) => `${outgoing.label} (${formatCalendarDate(outgoing.due_on)})`)
              .join('; '),
            balance: week.expected_balance,
            lowBalance: week.low_balance,
            uncovered: week.uncovered_days.map(formatCalendarDate).join(', '),
          })),
        ),
      },
    ],
  };
};
