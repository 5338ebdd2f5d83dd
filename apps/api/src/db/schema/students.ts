import { ACADEMIC_STATUSES, DISCIPLINARY_CATEGORIES, GENDERS, STUDENT_TYPES } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { schools } from './schools.js';
import { users } from './users.js';

/** What a student has beyond a user account (SPEC §3 Student). */
export const studentProfiles = pgTable(
  'student_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    dob: date('dob', { mode: 'string' }),
    gender: text('gender', { enum: GENDERS }),
    type: text('type', { enum: STUDENT_TYPES }).notNull().default('day'),
    academicStatus: text('academic_status', { enum: ACADEMIC_STATUSES }).notNull().default('active'),
    expectedGraduationYear: integer('expected_graduation_year'),
    previousSchool: text('previous_school'),
    /** Grade point average out of 4.00, kept exact. */
    currentGpa: numeric('current_gpa', { precision: 3, scale: 2 }),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    postalCode: text('postal_code'),
    guardian: jsonb('guardian'),
    emergencyContact: jsonb('emergency_contact'),
    enrolledAt: date('enrolled_at', { mode: 'string' }).notNull().default(sql`current_date`),
    ...timestamps(),
  },
  (t) => [
    index('student_profiles_school_idx').on(t.schoolId, t.academicStatus),
    index('student_profiles_enrolled_idx').on(t.schoolId, t.enrolledAt),
  ],
);

/** A parent account linked to each of their children, who may attend different schools of the group. */
export const parentStudents = pgTable(
  'parent_students',
  {
    parentId: uuid('parent_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The child's school: a parent with children in two schools has a link in each. */
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.studentId] }), index('parent_students_student_idx').on(t.studentId)],
);

export const studentDisciplinaryRecords = pgTable(
  'student_disciplinary_records',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    date: date('date', { mode: 'string' }).notNull(),
    category: text('category', { enum: DISCIPLINARY_CATEGORIES }).notNull(),
    description: text('description').notNull(),
    actionTaken: text('action_taken'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_disciplinary_records_student_idx').on(t.studentId, t.date)],
);
