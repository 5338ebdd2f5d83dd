import { AUDIT_MESSAGES, type AuditLogQuery, auditLogListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toastFailure } from '../lib/toast-failure';
import { auditKeys } from './keys';

/** The query without empty values, as the list and the export both send it. */
export const auditQueryParams = (query: object) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<
    string,
    string | number
  >;

export async function getAuditLogs(query: AuditLogQuery, signal?: AbortSignal) {
  const read = api.get('/audit/logs', { query: auditQueryParams(query), signal, silent: true });
  return auditLogListSchema.parse(await toastFailure(read, AUDIT_MESSAGES.trailFailed, signal));
}

export function useAuditLogs(query: AuditLogQuery) {
  return useQuery({
    queryKey: auditKeys.logs(query),
    queryFn: ({ signal }) => getAuditLogs(query, signal),
    placeholderData: keepPreviousData,
  });
}
