import { SETTINGS_SECTIONS } from '@schoolledger/domain';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.js';
import { groupSchools, schools } from './schools.js';
import { users } from './users.js';

/**
 * One section of General Settings (SPEC §2) at one level: the deployment (no group: backup), a
 * group, or one school of it. A level holds only what was saved there; reading merges school over
 * group over the environment's defaults.
 */
export const settings = pgTable(
  'settings',
  {
    id: id(),
    groupSchoolId: uuid('group_school_id').references(() => groupSchools.id),
    schoolId: uuid('school_id').references(() => schools.id),
    section: text('section', { enum: SETTINGS_SECTIONS }).notNull(),
    value: jsonb('value').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settings_level_section_idx').on(
      sql`coalesce(${t.groupSchoolId}, '00000000-0000-0000-0000-000000000000')`,
      sql`coalesce(${t.schoolId}, '00000000-0000-0000-0000-000000000000')`,
      t.section,
    ),
  ],
);
