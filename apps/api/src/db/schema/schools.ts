import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';

export const groupSchools = pgTable('group_schools', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  logoUrl: text('logo_url'),
  ...timestamps(),
});

export const schools = pgTable(
  'schools',
  {
    id: id(),
    groupSchoolId: uuid('group_school_id')
      .notNull()
      .references(() => groupSchools.id),
    name: text('name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The start of the school's receipt numbers (`CVC` in `CVC-2026-000123`): 2 to 6 capital
     * letters or digits, unique in the group so no two of its schools issue the same number. Left
     * blank, the database writes one from the school's initials (migration 0024).
     */
    receiptCode: text('receipt_code').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    index('schools_group_idx').on(t.groupSchoolId),
    uniqueIndex('schools_group_receipt_code_idx').on(t.groupSchoolId, t.receiptCode),
    check('schools_receipt_code_format', sql`${t.receiptCode} ~ '^[A-Z0-9]{2,6}$'`),
  ],
);

/** Every address belongs to one school: the school's own, or later a student's. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    street: text('street').notNull(),
    streetNo: text('street_no').notNull(),
    town: text('town').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    zipCode: text('zip_code').notNull(),
    isSchoolAddress: boolean('is_school_address').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    index('addresses_school_idx').on(t.schoolId),
    uniqueIndex('addresses_one_per_school').on(t.schoolId).where(sql`${t.isSchoolAddress}`),
  ],
);
