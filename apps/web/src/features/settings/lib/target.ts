/**
 * Whose settings the page shows and saves: one school's, or a group's. Both empty is the caller's
 * own group, or for the super-admin (who has none) the whole installation.
 */
export interface SettingsTarget {
  schoolId: string;
  groupSchoolId: string;
}

export const OWN_LEVEL: SettingsTarget = { schoolId: '', groupSchoolId: '' };

/** What the API is sent: a school when chosen, else a group when chosen, else nothing. */
export function targetQuery(target: SettingsTarget): { schoolId?: string; groupSchoolId?: string } {
  if (target.schoolId) return { schoolId: target.schoolId };
  if (target.groupSchoolId) return { groupSchoolId: target.groupSchoolId };
  return {};
}
