import type { SettingsSection } from '@schoolledger/domain';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { groupSchools, schools, settings } from '../../db/schema.js';
import { inGroupScope, type Scope } from '../../plugins/tenancy.js';

export interface SettingsLevel {
  groupSchoolId: string | null;
  schoolId: string | null;
}

export interface StoredSection {
  section: SettingsSection;
  value: unknown;
  groupSchoolId: string | null;
  schoolId: string | null;
}

/**
 * Whether a settings row applies to someone at a level whose group and school are given as SQL
 * (a value, or a column of a larger statement; null: none): the deployment's rows, the group's and
 * the school's.
 */
const appliesAt = (group: SQL | null, school: SQL | null) =>
  sql`((${settings.groupSchoolId} is null and ${settings.schoolId} is null)
    or (${settings.groupSchoolId} = ${group} and ${settings.schoolId} is null)
    or ${settings.schoolId} = ${school})`;

/** The deployment's rows, the group's and the school's: what applies to someone at `level`. */
export async function storedSettingsFor(db: DbOrTx, level: SettingsLevel): Promise<StoredSection[]> {
  return db
    .select({
      section: settings.section,
      value: settings.value,
      groupSchoolId: settings.groupSchoolId,
      schoolId: settings.schoolId,
    })
    .from(settings)
    .where(
      appliesAt(
        level.groupSchoolId === null ? null : sql`${level.groupSchoolId}`,
        level.schoolId === null ? null : sql`${level.schoolId}`,
      ),
    );
}

/**
 * `storedSettingsFor` a group level (no school), as a JSON array of `StoredSection` inside a larger
 * statement, whose `group` names the group.
 */
export const groupSettingsJson = (group: SQL) =>
  sql`(select coalesce(json_agg(json_build_object('section', ${settings.section}, 'value', ${settings.value},
      'groupSchoolId', ${settings.groupSchoolId}, 'schoolId', ${settings.schoolId})), '[]'::json)
    from ${settings} where ${appliesAt(group, null)})`;

/** The group a school belongs to, or undefined when there is no such school. */
export async function groupOfSchool(db: DbOrTx, schoolId: string): Promise<string | undefined> {
  const [school] = await db
    .select({ groupSchoolId: schools.groupSchoolId })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return school?.groupSchoolId;
}

/** Whether the caller sees this group: the super-admin any that exists, anyone else their own. */
export async function groupInScope(db: DbOrTx, scope: Scope, groupSchoolId: string): Promise<boolean> {
  const [group] = await db
    .select({ id: groupSchools.id })
    .from(groupSchools)
    .where(and(inGroupScope(scope, groupSchools.id), eq(groupSchools.id, groupSchoolId)));
  return group !== undefined;
}

const atLevel = (level: SettingsLevel, section: SettingsSection) =>
  and(
    level.groupSchoolId ? eq(settings.groupSchoolId, level.groupSchoolId) : isNull(settings.groupSchoolId),
    level.schoolId ? eq(settings.schoolId, level.schoolId) : isNull(settings.schoolId),
    eq(settings.section, section),
  );

/** What one level saved for a section, locked until the transaction ends. */
export async function lockSectionAt(tx: DbOrTx, level: SettingsLevel, section: SettingsSection) {
  const [row] = await tx
    .select({ id: settings.id, value: settings.value })
    .from(settings)
    .where(atLevel(level, section))
    .for('update');
  return row;
}

export async function insertSection(
  tx: DbOrTx,
  row: SettingsLevel & { section: SettingsSection; value: unknown; updatedBy: string; updatedAt: Date },
): Promise<string> {
  const [inserted] = await tx.insert(settings).values(row).returning({ id: settings.id });
  return inserted!.id;
}

export async function updateSection(
  tx: DbOrTx,
  id: string,
  change: { value: unknown; updatedBy: string; updatedAt: Date },
) {
  await tx.update(settings).set(change).where(eq(settings.id, id));
}

/** The contact details on the school's own record, which General Settings may override. */
export async function schoolContact(db: DbOrTx, schoolId: string) {
  const [school] = await db
    .select({ email: schools.email, phone: schools.phoneNumber })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return school;
}
