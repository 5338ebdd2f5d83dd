import type { Vendor } from '@schoolledger/domain';
import type { VendorRow } from './vendors.queries.js';

export function toVendor({ vendor, totalPaid }: VendorRow): Vendor {
  return {
    _id: vendor.id,
    name: vendor.name,
    bankCode: vendor.bankCode,
    bankName: vendor.bankName,
    accountNumber: vendor.accountNumber,
    accountName: vendor.accountName,
    phone: vendor.phone,
    email: vendor.email,
    address: vendor.address,
    isActive: vendor.isActive,
    totalPaid,
    createdAt: vendor.createdAt.toISOString(),
  };
}
