import { displayName, type FamilyCredit, type FamilyCreditEntry } from '@schoolledger/domain';
import type { CreditEntryRow } from './family-credit.queries.js';

type Person = { firstname: string; middlename: string | null; lastname: string };

export function toCreditEntry(row: CreditEntryRow): FamilyCreditEntry {
  const { entry } = row;
  return {
    _id: entry.id,
    kind: entry.kind,
    amount: entry.amountKobo,
    school: row.school ? { _id: row.school.id, name: row.school.name } : null,
    payment: row.payment
      ? {
          _id: row.payment.id,
          receiptNo: row.payment.receiptNo,
          trx_ref: row.payment.reference,
          fee: row.feeName ?? '',
          student: row.student ? displayName(row.student) : '',
        }
      : null,
    reason: entry.reason,
    createdBy: row.creator ? { _id: row.creator.id, name: displayName(row.creator) } : null,
    createdAt: entry.createdAt.toISOString(),
  };
}

export function toFamilyCredit(
  family: Person & { id: string },
  balance: bigint,
  rows: CreditEntryRow[],
  page: { page: number; limit: number; total: number },
): FamilyCredit {
  return {
    parent: { _id: family.id, name: displayName(family) },
    balance,
    entries: rows.map(toCreditEntry),
    pagination: { ...page, totalPages: Math.ceil(page.total / page.limit) },
  };
}
