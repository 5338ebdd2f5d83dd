import type { SettingsSection } from '@schoolledger/domain';
import { and, eq, isNull, or } from 'drizzle-orm';
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

/** The deployment's rows, the group's and the school's: what applies to someone at `level`. */
export async function storedSettingsFor(db: DbOrTx, level: SettingsLevel): Promise<StoredSection[]> {
  const deployment = and(isNull(settings.groupSchoolId), isNull(settings.schoolId));
  const group = level.groupSchoolId
    ? and(eq(settings.groupSchoolId, level.groupSchoolId), isNull(settings.schoolId))
    : undefined;
  const school = level.schoolId ? eq(settings.schoolId, level.schoolId) : undefined;
  return db
    .select({
      section: settings.section,
      value: settings.value,
      groupSchoolId: settings.groupSchoolId,
      schoolId: settings.schoolId,
    })
    .from(settings)
    .where(or(deployment, group, school));
}

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
