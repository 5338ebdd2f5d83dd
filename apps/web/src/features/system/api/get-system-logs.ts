import { type SystemLogsQuery, systemLogsPageSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { systemKeys } from './keys';

export async function getSystemLogs(query: SystemLogsQuery, signal?: AbortSignal) {
  return systemLogsPageSchema.parse(
    await api.get('/ict-admin/system-logs', {
      query: {
        page: query.page,
        limit: query.limit,
        level: query.level,
        search: query.search || undefined,
        from: query.from,
        to: query.to,
      },
      signal,
      silent: true,
    }),
  );
}

export function useSystemLogs(query: SystemLogsQuery) {
  return useQuery({
    queryKey: systemKeys.logs(query),
    queryFn: ({ signal }) => getSystemLogs(query, signal),
    placeholderData: keepPreviousData,
  });
}
