import { type CreditPayback, displayName, type FamilyCredit, type FamilyCreditEntry } from '@schoolledger/domain';
import type { PaybackRow } from './credit-paybacks.queries.js';
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

const personRef = (person: (Person & { id: string }) | null) =>
  person ? { _id: person.id, name: displayName(person) } : null;

export function toCreditPayback(row: PaybackRow): CreditPayback {
  const { payback } = row;
  return {
    _id: payback.id,
    parent: { _id: row.parent.id, name: displayName(row.parent) },
    school: { _id: row.school.id, name: row.school.name },
    amount: payback.amountKobo,
    reason: payback.reason,
    status: payback.status,
    requestedBy: personRef(row.requestedBy),
    requestedAt: payback.createdAt.toISOString(),
    decidedBy: personRef(row.decidedBy),
    decidedAt: payback.decidedAt?.toISOString() ?? null,
    rejectionReason: payback.rejectionReason,
    balance: BigInt(row.balance),
  };
}
