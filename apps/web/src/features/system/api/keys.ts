import type { SystemLogsQuery } from '@schoolledger/domain';

export const systemKeys = {
  all: ['system'] as const,
  status: () => [...systemKeys.all, 'status'] as const,
  logs: (query: SystemLogsQuery) => [...systemKeys.all, 'logs', query] as const,
  backups: () => [...systemKeys.all, 'backups'] as const,
};
