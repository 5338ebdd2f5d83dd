import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { classArms, terms } from './academic.js';
import { id, timestamps } from './columns.js';
import { schools } from './schools.js';
import { users } from './users.js';

/**
 * One student's term figures as the school's result software computed them: we import them and
 * never compute an average or a position ourselves, so a dashboard shows only what was recorded.
 */
export const termResults = pgTable(
  'term_results',
  {
    id: id(),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    termId: uuid('term_id')
      .notNull()
      .references(() => terms.id),
    studentId: uuid('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The student's class arm when the results were imported: they may move arm later. */
    classArmId: uuid('class_arm_id').references(() => classArms.id, { onDelete: 'set null' }),
    average: numeric('average', { precision: 5, scale: 2 }),
    position: integer('position'),
    classSize: integer('class_size'),
    daysPresent: integer('days_present'),
    totalDays: integer('total_days'),
    lateDays: integer('late_days'),
    remark: text('remark'),
    importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('term_results_term_student_uq').on(t.termId, t.studentId),
    index('term_results_school_term_idx').on(t.schoolId, t.termId, t.classArmId),
    index('term_results_student_idx').on(t.studentId),
    check('term_results_average_range', sql`${t.average} between 0 and 100`),
    check(
      'term_results_position_range',
      sql`${t.position} >= 1 and ${t.position} <= coalesce(${t.classSize}, ${t.position})`,
    ),
    check('term_results_class_size_positive', sql`${t.classSize} >= 1`),
    check(
      'term_results_attendance',
      sql`${t.daysPresent} >= 0 and ${t.daysPresent} <= coalesce(${t.totalDays}, ${t.daysPresent})`,
    ),
    check('term_results_late', sql`${t.lateDays} >= 0 and ${t.lateDays} <= coalesce(${t.daysPresent}, ${t.lateDays})`),
  ],
);

export const termResultSubjects = pgTable(
  'term_result_subjects',
  {
    resultId: uuid('result_id')
      .notNull()
      .references(() => termResults.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    score: numeric('score', { precision: 5, scale: 2 }),
    grade: text('grade'),
  },
  (t) => [
    primaryKey({ columns: [t.resultId, t.subject] }),
    check('term_result_subjects_score_range', sql`${t.score} between 0 and 100`),
  ],
);
