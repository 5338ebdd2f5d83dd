import type { AppContext } from '../../app-context.js';
import { expireRuns, failStaleRuns, queuedRunIds } from './report-runs.queries.js';

/** A run queued this long ago whose job was lost (a restart between the insert and the send) is asked for again. */
const REQUEUE_AFTER_MS = 5 * 60_000;
/** Longer than any report takes on the largest school: a run still "running" after this died with its process. */
const STALE_AFTER_MS = 30 * 60_000;

/** Deletes expired files, fails runs whose process died, and asks again for runs whose job was lost. */
export async function tidyReportRuns(ctx: AppContext, requeue: (runId: string) => Promise<void>) {
  const now = ctx.clock();
  const expired = await expireRuns(ctx.db, now);
  await failStaleRuns(ctx.db, new Date(now.getTime() - STALE_AFTER_MS), now);
  const waiting = await queuedRunIds(ctx.db, new Date(now.getTime() - REQUEUE_AFTER_MS));
  for (const run of waiting) await requeue(run.id);
  return { expired, requeued: waiting.length };
}
