import type { AuditVerification, ChainVerification } from '@schoolledger/domain';
import type { DbOrTx } from '../../db/client.js';
import { assertSchoolInScope, type Scope } from '../../plugins/tenancy.js';
import { type ChainCheckRow, checkChains } from './chain.queries.js';

function verdict(row: ChainCheckRow): ChainVerification['firstBad'] {
  if (row.badSeq !== null && row.problem) return { seq: row.badSeq, id: row.badId, problem: row.problem };
  // Rows taken from the end leave no gap to find; the head the trigger keeps still counts them.
  if (row.headSeq > row.lastSeq) return { seq: row.lastSeq + 1, id: null, problem: 'deleted' };
  if (row.headSeq !== row.lastSeq || row.headHash !== row.lastHash)
    return { seq: row.lastSeq, id: null, problem: 'out_of_order' };
  return null;
}

/** The audit chains the caller may see (or one school's), each verified from its first row to its head. */
export async function verifyAuditChains(
  db: DbOrTx,
  scope: Scope,
  now: Date,
  schoolId?: string,
): Promise<AuditVerification> {
  if (schoolId) assertSchoolInScope(scope, schoolId);
  const chains = (await checkChains(db, scope, schoolId)).map((row): ChainVerification => {
    const firstBad = verdict(row);
    return {
      chain: row.chain,
      schoolId: row.schoolId,
      schoolName: row.schoolName,
      rows: row.rows,
      headSeq: row.headSeq,
      headHash: row.headHash,
      valid: firstBad === null,
      firstBad,
    };
  });
  return { valid: chains.every((chain) => chain.valid), checkedAt: now.toISOString(), chains };
}
