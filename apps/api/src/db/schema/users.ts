import { USER_STATUSES } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { classArms } from './academic.js';
import { id, timestamps } from './columns.js';
import { schools } from './schools.js';

/**
 * The text a person is found by: "first middle last", "first last", email and registration
 * number, so a full name typed with or without the middle name matches. Built from immutable
 * operators only, so the trigram index `users_search_trgm` can hold it.
 */
export function personSearchText(t: {
  firstname: AnyPgColumn;
  middlename: AnyPgColumn;
  lastname: AnyPgColumn;
  email: AnyPgColumn;
  regNo: AnyPgColumn;
}) {
  return sql`(${t.firstname} || ' ' || coalesce(${t.middlename} || ' ', '') || ${t.lastname} || ' | ' || ${t.firstname} || ' ' || ${t.lastname} || ' | ' || ${t.email} || ' | ' || coalesce(${t.regNo}, ''))`;
}

export const users = pgTable(
  'users',
  {
    id: id(),
    schoolId: uuid('school_id').references(() => schools.id),
    classArmId: uuid('class_arm_id').references(() => classArms.id),
    firstname: text('firstname').notNull(),
    middlename: text('middlename'),
    lastname: text('lastname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** When the person typed back the code sent to `phone`; cleared when the phone changes. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    address: text('address'),
    profilePicture: text('profile_picture'),
    regNo: text('reg_no'),
    roles: text('roles').array().notNull(),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    /**
     * Null until a student imported or enrolled by staff first signs in: their initial password is
     * derived from their first name and registration number (SPEC §9), which hashing would not
     * make any more secret, and they must replace it at that first sign-in.
     */
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /**
     * What this person writes in a bank transfer's narration so the school knows whose money it is
     * (a parent's stands for the family): given by the database (migration 0030, `new_payment_code`).
     */
    paymentCode: text('payment_code').notNull().default(sql`new_payment_code()`),
    /** Users are never removed: payments and audit rows keep pointing at them. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_school_reg_no_uq')
      .on(t.schoolId, sql`lower(${t.regNo})`)
      .where(sql`${t.regNo} is not null and ${t.deletedAt} is null`),
    uniqueIndex('users_payment_code_uq').on(t.paymentCode),
    index('users_school_idx').on(t.schoolId),
    index('users_class_arm_idx').on(t.classArmId),
    index('users_search_trgm').using('gin', sql`${personSearchText(t)} gin_trgm_ops`),
    // Lists are ordered by name: walking this index avoids sorting every matching user per page.
    index('users_name_idx').on(t.lastname, t.firstname, t.id).where(sql`${t.deletedAt} is null`),
    index('users_roles_idx').using('gin', t.roles),
  ],
);
