import type { EmailStatsQuery } from './get-email-stats';

/** `group` is '' for a caller's own group (everyone but the super-admin). */
export const emailKeys = {
  all: ['email'] as const,
  config: (group: string) => [...emailKeys.all, 'config', group] as const,
  templates: (group: string) => [...emailKeys.all, 'templates', group] as const,
  stats: (query: EmailStatsQuery) => [...emailKeys.all, 'stats', query] as const,
  outbox: () => [...emailKeys.all, 'outbox'] as const,
};

/** The query that names the group for the super-admin; nothing for everyone else. */
export const groupQuery = (group: string) => (group ? { group_school_id: group } : {});
