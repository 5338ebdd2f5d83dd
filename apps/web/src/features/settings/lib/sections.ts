import type { SettingsSection, SettingsSource } from '@schoolledger/domain';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export const SECTION_LABELS: Record<SettingsSection, string> = {
  general: 'General',
  notifications: 'Notifications',
  security: 'Security',
  appearance: 'Appearance',
  backup: 'Backup',
  retention: 'Data retention',
  cashDesk: 'Cash desk',
};

export const isSection = (value: string | null): value is SettingsSection =>
  value !== null && Object.hasOwn(SECTION_LABELS, value);

/**
 * Where a section's values come from, as the page words it. Backups, and every section when the
 * page shows the whole installation (`installation`), are the installation's, not a group's.
 */
export function sourceLabel(source: SettingsSource, section: SettingsSection, installation: boolean): string {
  if (source === 'school') return 'This school';
  if (section === 'backup' || installation) return source === 'default' ? 'Installation default' : 'Whole installation';
  return 'Group default';
}

/**
 * The server names a refused value `value.<field>`; it goes under that field's input, and any
 * other failure becomes a toast.
 */
export function showSaveError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  let matched = false;
  if (error instanceof ApiError) {
    for (const { field, message } of error.errors) {
      const name = fields.find((candidate) => `value.${candidate}` === field);
      if (!name) continue;
      setError(name, { type: 'server', message });
      matched = true;
    }
  }
  if (!matched) notify.error(errorMessage(error, 'Failed to save settings'));
}
