import { type AuditorDashboard, addDays, todayIn } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../plugins/auth.js';
import { newestEntries } from '../audit/audit-trail.service.js';
import { auditorCounts, seriousTrailSince, wholeTrail } from './admin.queries.js';

/** The dashboard's window: today and the 29 Lagos days before it. */
const WINDOW_DAYS = 30;
const CRITICAL_SHOWN = 5;
const RECENT_SHOWN = 10;

/** Shown with the reconciliation panel: what each of its figures counts. */
const RECONCILIATION_HOW =
  'Open payment reviews: the provider reported another amount, currency or status than ours. In review: payments held until a person decides. Pending over an hour: online payments the provider has not settled an hour after they started.';

export async function auditorDashboard(ctx: AppContext, auth: AuthContext): Promise<AuditorDashboard> {
  const now = ctx.clock();
  const since = addDays(todayIn('Africa/Lagos', now), 1 - WINDOW_DAYS);
  const [counts, serious, recent] = await Promise.all([
    auditorCounts(ctx.readDb, auth.scope, now, since),
    newestEntries(ctx.readDb, seriousTrailSince(auth.scope, since), CRITICAL_SHOWN),
    newestEntries(ctx.readDb, wholeTrail(auth.scope), RECENT_SHOWN),
  ]);
  const { trail, people, money } = counts;
  return {
    since,
    auditEntries: { last30Days: trail.month, total: trail.total },
    criticalIssues: {
      count: trail.critical + trail.high,
      critical: trail.critical,
      high: trail.high,
      entries: serious,
    },
    security: {
      failedSignIns24h: people.failed_day,
      failedSignIns30d: people.failed_month,
      lockouts30d: trail.lockouts,
      lockedOutNow: people.locked,
      passwordResets30d: trail.resets,
    },
    paymentReviewsOpen: money.reviews,
    disputesOpen: money.disputes,
    reconciliation: {
      paymentsInReview: money.in_review,
      onlinePendingOverHour: money.stale,
      how: RECONCILIATION_HOW,
    },
    recentAudit: recent,
  };
}
