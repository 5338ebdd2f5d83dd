import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.js';
import { schools } from './schools.js';

export const academicSessions = pgTable(
  'academic_sessions',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex('sessions_school_name_uq').on(t.schoolId, t.name)],
);

export const terms = pgTable(
  'terms',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => academicSessions.id),
    name: text('name').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('terms_school_idx').on(t.schoolId), uniqueIndex('terms_session_name_uq').on(t.sessionId, t.name)],
);

export const classArms = pgTable(
  'class_arms',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull().default(40),
    ...timestamps(),
  },
  (t) => [uniqueIndex('class_arms_school_name_uq').on(t.schoolId, t.name)],
);
