import { sql } from 'drizzle-orm';
import type { ReadDb } from '../../../db/client.js';
import { rowsOf } from '../../../db/rows.js';
import { schools, studentTermBalances, terms } from '../../../db/schema.js';
import type { ResolvedReport } from '../report-definition.js';

interface TermFigures {
  expected: string | null;
  collected: string | null;
  outstanding: string | null;
  owing: number | null;
}

export type SchoolTerms = {
  school: string;
  term: string | null;
  previous_term: string | null;
} & TermFigures & { [K in keyof TermFigures as `previous_${K}`]: TermFigures[K] };

/**
 * Each school's current term (as the fee pages choose it: the latest that has started, else the
 * first to come) and the term before it, with the positions the summary tables keep.
 */
export function schoolTermFigures(db: ReadDb, report: ResolvedReport, today: string) {
  const started = sql`t.start_date <= ${today}::date`;
  return rowsOf<SchoolTerms>(
    db,
    sql`with sc as (select ${schools.id} as id, ${schools.name} as name from ${schools} where ${report.inSchools(schools.id)}),
    cur as (
      select distinct on (t.school_id) t.school_id, t.id, t.name, t.start_date
      from ${terms} t join sc on sc.id = t.school_id
      order by t.school_id, ${started} desc, case when ${started} then t.start_date end desc, t.start_date
    ),
    prev as (
      select distinct on (t.school_id) t.school_id, t.id, t.name
      from ${terms} t join cur on cur.school_id = t.school_id and t.start_date < cur.start_date
      order by t.school_id, t.start_date desc
    ),
    bal as (
      select b.term_id, sum(b.expected_kobo)::bigint::text as expected, sum(b.paid_kobo)::bigint::text as collected,
        sum(b.outstanding_kobo)::bigint::text as outstanding, (count(*) filter (where b.outstanding_kobo > 0))::int as owing
      from ${studentTermBalances} b
      where b.term_id in (select id from cur union all select id from prev)
      group by b.term_id
    )
    select sc.name as school, cur.name as term, prev.name as previous_term,
      bc.expected, bc.collected, bc.outstanding, bc.owing,
      bp.expected as previous_expected, bp.collected as previous_collected,
      bp.outstanding as previous_outstanding, bp.owing as previous_owing
    from sc
    left join cur on cur.school_id = sc.id
    left join prev on prev.school_id = sc.id
    left join bal bc on bc.term_id = cur.id
    left join bal bp on bp.term_id = prev.id
    order by sc.name`,
  );
}
