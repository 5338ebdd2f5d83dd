import { todayIn } from '@schoolledger/domain';
import type { ReportBuilder } from '../report-definition.js';
import { schoolTermFigures } from './group-summary.queries.js';

const kobo = (value: string | null) => (value === null ? 0n : BigInt(value));
/** Collected over expected, to one decimal; none when nothing was expected. */
const rate = (collected: bigint, expected: bigint) =>
  expected > 0n ? Number((collected * 1000n) / expected) / 10 : null;

/** The proprietor's page: every school's term position beside the term before it. */
export const groupSummaryReport: ReportBuilder = async (db, report) => {
  const rows = await schoolTermFigures(db, report, todayIn('Africa/Lagos', report.now));
  return {
    orientation: 'landscape',
    notes: [
      "Each school's current term (the latest that has started) against the term before it. Expected and outstanding are of active students; collected is net of refunds.",
    ],
    sections: [
      {
        title: 'Schools side by side',
        totals: true,
        columns: [
          { key: 'school', header: 'School', kind: 'text', width: 18 },
          { key: 'term', header: 'Term', kind: 'text', width: 12 },
          { key: 'expected', header: 'Expected', kind: 'money', total: true },
          { key: 'collected', header: 'Collected', kind: 'money', total: true },
          { key: 'outstanding', header: 'Outstanding', kind: 'money', total: true },
          { key: 'rate', header: 'Rate %', kind: 'number', width: 7 },
          { key: 'owing', header: 'Owing', kind: 'number', total: true, width: 7 },
          { key: 'previousTerm', header: 'Previous term', kind: 'text', width: 12 },
          { key: 'previousCollected', header: 'Prev. collected', kind: 'money', total: true },
          { key: 'previousOutstanding', header: 'Prev. outstanding', kind: 'money', total: true },
          { key: 'previousRate', header: 'Prev. rate %', kind: 'number', width: 8 },
          { key: 'change', header: 'Collected change', kind: 'money', total: true },
        ],
        rows: rows.map((row) => {
          const expected = kobo(row.expected);
          const collected = kobo(row.collected);
          const previousCollected = kobo(row.previous_collected);
          return {
            school: row.school,
            term: row.term ?? 'No terms yet',
            expected,
            collected,
            outstanding: kobo(row.outstanding),
            rate: rate(collected, expected),
            owing: row.owing ?? 0,
            previousTerm: row.previous_term ?? 'None',
            previousCollected,
            previousOutstanding: kobo(row.previous_outstanding),
            previousRate: rate(previousCollected, kobo(row.previous_expected)),
            change: collected - previousCollected,
          };
        }),
      },
    ],
  };
};
