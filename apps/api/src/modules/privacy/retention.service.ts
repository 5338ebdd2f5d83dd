import type { RetentionSettings } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { deleteOldMessages } from '../messaging/outbox.queries.js';
import { settingsFromStored } from '../settings/settings.service.js';
import { deleteOldNotices, storedRetention } from './privacy.queries.js';

/** Notices deleted per statement, so a first run over years of notices never holds one huge delete. */
const NOTICE_BATCH = 5000;

/**
 * How long each group keeps in-app notices and logs (its Data retention settings, else the
 * installation's), and the installation's own periods for people of no group.
 */
export async function retentionPeriods({ ctx }: { ctx: AppContext }): Promise<{
  installation: RetentionSettings;
  groups: (RetentionSettings & { groupSchoolId: string })[];
}> {
  const { groupIds, stored } = await storedRetention(ctx.db);
  const installationRows = stored.filter((row) => row.groupSchoolId === null);
  const periodsOf = (rows: typeof stored) => settingsFromStored(ctx.config, rows).settings.retention;
  return {
    installation: periodsOf(installationRows),
    groups: groupIds.map((groupSchoolId) => ({
      groupSchoolId,
      ...periodsOf([...installationRows, ...stored.filter((row) => row.groupSchoolId === groupSchoolId)]),
    })),
  };
}

/**
 * The server's logs are the installation's, shared by its groups: they are kept as long as the
 * group that keeps them longest asks (they hold no personal data; see system_logs).
 */
export async function systemLogMonths({ ctx }: { ctx: AppContext }): Promise<number> {
  const { installation, groups } = await retentionPeriods({ ctx });
  return Math.max(installation.systemLogMonths, ...groups.map((group) => group.systemLogMonths));
}

/**
 * The daily housekeeping: in-app notices, and the SMS and WhatsApp messages that carried notices,
 * older than their group keeps notices; answers how many went.
 */
export async function pruneOldNotices({ ctx }: { ctx: AppContext }): Promise<number> {
  const { installation, groups } = await retentionPeriods({ ctx });
  const periods = groups.map((group) => ({ groupSchoolId: group.groupSchoolId, months: group.notificationMonths }));
  const options = { otherwise: installation.notificationMonths, now: ctx.clock(), batch: NOTICE_BATCH };
  let removed = 0;
  for (const prune of [deleteOldNotices, deleteOldMessages]) {
    let batch: number;
    do {
      batch = await prune(ctx.db, periods, options);
      removed += batch;
    } while (batch === NOTICE_BATCH);
  }
  return removed;
}
