import { SETTINGS_SECTIONS, type Settings, settingsSchemas } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { DbOrTx } from '../../db/client.js';
import { type SettingsLevel, type StoredSection, storedSettingsFor } from './settings.queries.js';

/** Deployment first, then the group, then the school: the nearer level wins, field by field. */
const rank = (row: StoredSection) => (row.schoolId ? 2 : row.groupSchoolId ? 1 : 0);

/**
 * The settings that apply at `level`: the environment's defaults, overlaid by what was saved for
 * the deployment, the group and the school. A stored value that no longer parses (a bound moved)
 * is skipped whole rather than trusted.
 */
export async function settingsFor(
  ctx: Pick<AppContext, 'config'> & { db: DbOrTx },
  level: SettingsLevel,
): Promise<Settings> {
  const rows = (await storedSettingsFor(ctx.db, level)).sort((a, b) => rank(a) - rank(b));
  const merged = structuredClone(ctx.config.settingsDefaults);
  for (const section of SETTINGS_SECTIONS) {
    for (const row of rows.filter((candidate) => candidate.section === section)) {
      const candidate = { ...merged[section], ...(row.value as object) };
      const parsed = settingsSchemas[section].safeParse(candidate);
      if (parsed.success) Object.assign(merged[section], parsed.data);
    }
  }
  return merged;
}
