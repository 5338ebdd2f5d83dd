import type { ChainProblem } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { auditLogs } from '../../db/schema.js';
import { inSchoolScope, type Scope } from '../../plugins/tenancy.js';

export interface ChainCheckRow {
  chain: string;
  schoolId: string | null;
  schoolName: string | null;
  rows: number;
  lastSeq: number;
  lastHash: string;
  headSeq: number;
  headHash: string;
  badSeq: number | null;
  badId: string | null;
  problem: ChainProblem | null;
}

/**
 * Walks every chain in scope in the database: each row's hash is recomputed by the same function
 * the insert trigger used, its place checked against the row before it, and the chain's head
 * (kept by the trigger) compared with its last row, which catches rows deleted from the end.
 * Only the first broken row of each chain comes back.
 */
export async function checkChains(db: DbOrTx, scope: Scope, schoolId?: string): Promise<ChainCheckRow[]> {
  const oneSchool = schoolId ? sql`and ${auditLogs.schoolId} = ${schoolId}` : sql``;
  return rowsOf<ChainCheckRow>(
    db,
    sql`
    with linked as (
      select chain, id, seq, hash, prev_hash,
        audit_row_hash(${auditLogs}) as computed,
        lag(hash) over w as before_hash,
        lag(seq) over w as before_seq
      from ${auditLogs}
      where ${inSchoolScope(scope, auditLogs.schoolId)} ${oneSchool}
      window w as (partition by chain order by seq)
    ), checked as (
      select chain, id, seq, hash,
        case
          when computed <> hash then 'changed'
          when seq <> coalesce(before_seq, 0) + 1 then 'deleted'
          when prev_hash <> coalesce(before_hash, repeat('0', 64)) then 'out_of_order'
        end as problem
      from linked
    ), per_chain as (
      select chain,
        count(*)::int as rows,
        max(seq)::bigint as last_seq,
        (array_agg(hash order by seq desc))[1] as last_hash,
        (array_agg(seq order by seq) filter (where problem is not null))[1] as bad_seq,
        (array_agg(id::text order by seq) filter (where problem is not null))[1] as bad_id,
        (array_agg(problem order by seq) filter (where problem is not null))[1] as problem
      from checked
      group by chain
    )
    select p.chain, s.id as "schoolId", s.name as "schoolName", p.rows,
      p.last_seq::int as "lastSeq", p.last_hash as "lastHash",
      coalesce(h.seq, 0)::int as "headSeq", coalesce(h.hash, '') as "headHash",
      p.bad_seq::int as "badSeq", p.bad_id as "badId", p.problem
    from per_chain p
    left join audit_chain_heads h on h.chain = p.chain
    left join schools s on s.id::text = p.chain
    order by s.name nulls first, p.chain
  `,
  );
}
