import { settingsKeys as shared } from '@/lib/my-settings';

/** Under the shared `settings` key, so a save also refreshes what the shell applies (/settings/mine). */
export const settingsKeys = {
  ...shared,
  view: (schoolId: string) => [...shared.all, 'view', schoolId] as const,
};
