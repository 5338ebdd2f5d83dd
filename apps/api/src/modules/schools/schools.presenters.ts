import type { Address, GroupSchool, School } from '@schoolledger/domain';
import type { addresses } from '../../db/schema.js';
import type { GroupSchoolRow, SchoolRow } from './schools.queries.js';

export function toAddress(row: typeof addresses.$inferSelect): Address {
  return {
    _id: row.id,
    street: row.street,
    street_no: row.streetNo,
    town: row.town,
    state: row.state,
    country: row.country,
    zip_code: row.zipCode,
  };
}

export function toGroupSchool(row: GroupSchoolRow): GroupSchool {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    logo: row.logoUrl,
    schoolCount: Number(row.schoolCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toSchool(row: SchoolRow): School {
  return {
    _id: row.school.id,
    name: row.school.name,
    email: row.school.email,
    phoneNumber: row.school.phoneNumber,
    isActive: row.school.isActive,
    groupSchool: { _id: row.groupSchool.id, name: row.groupSchool.name },
    address: row.address ? toAddress(row.address) : null,
    receiptCode: row.school.receiptCode,
    createdAt: row.school.createdAt.toISOString(),
    updatedAt: row.school.updatedAt.toISOString(),
  };
}
