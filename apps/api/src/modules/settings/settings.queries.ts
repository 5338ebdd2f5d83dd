import type { SettingsSection } from '@schoolledger/domain';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema.js';

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
