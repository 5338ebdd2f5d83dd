import { type BankAccount, displayName, type Vendor, type VendorBankChange } from '@schoolledger/domain';
import type { BankChangeRecord, VendorRow } from './vendors.queries.js';

type Person = { id: string | null; firstname: string | null; middlename: string | null; lastname: string | null };

export const accountOf = (row: {
  bankCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
}): BankAccount => ({
  bankCode: row.bankCode,
  bankName: row.bankName,
  accountNumber: row.accountNumber,
  accountName: row.accountName,
});

function toBankChange(change: BankChangeRecord, proposedBy: Person | null): VendorBankChange {
  return {
    _id: change.id,
    ...accountOf(change),
    proposedBy: proposedBy?.id ? { _id: proposedBy.id, name: displayName(proposedBy) } : null,
    proposedAt: change.proposedAt.toISOString(),
  };
}

export function toVendor({ vendor, pending, proposedBy, totalPaid }: VendorRow): Vendor {
  return {
    _id: vendor.id,
    name: vendor.name,
    ...accountOf(vendor),
    phone: vendor.phone,
    email: vendor.email,
    address: vendor.address,
    isActive: vendor.isActive,
    pendingBankChange: pending ? toBankChange(pending, proposedBy) : null,
    totalPaid,
    createdAt: vendor.createdAt.toISOString(),
  };
}
