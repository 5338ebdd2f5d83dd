import { settingsKeys as shared } from '@/lib/my-settings';
import type { SettingsTarget } from '../lib/target';

/** Under the shared `settings` key, so a save also refreshes what the shell applies (/settings/mine). */
export const settingsKeys = {
  ...shared,
  view: (target: SettingsTarget) => [...shared.all, 'view', target.schoolId, target.groupSchoolId] as const,
};
