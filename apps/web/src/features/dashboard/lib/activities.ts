import type { DashboardActivity, SystemActivity } from '@schoolledger/domain';

/** SPEC §5 names an activity's key `id`; the shared list reads `_id` like every other record. */
export const activityItems = (activities: readonly SystemActivity[]): DashboardActivity[] =>
  activities.map((activity) => ({ ...activity, _id: activity.id }));

/** The audit screen opened on a tab or with filters (the names its address keeps). */
export const auditLink = (params: Record<string, string>) => `/audit?${new URLSearchParams(params).toString()}`;
