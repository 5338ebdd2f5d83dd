import type { LateFeePolicy } from '@schoolledger/domain';
import type { PolicyRow } from './late-fees.queries.js';

export function toLateFeePolicy(row: PolicyRow): LateFeePolicy {
  const { policy } = row;
  return {
    _id: policy.id,
    school: { _id: row.school.id, name: row.school.name },
    fee: row.fee?.id ? { _id: row.fee.id, name: row.fee.name } : null,
    basis: policy.basis,
    amount: policy.amountKobo,
    percent: policy.percentBp,
    graceDays: policy.graceDays,
    repeat: policy.repeat,
    cap: policy.capKobo,
    isActive: policy.isActive,
    updatedAt: policy.updatedAt.toISOString(),
  };
}
