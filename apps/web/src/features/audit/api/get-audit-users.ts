import { AUDIT_MESSAGES, type AuditUsersQuery, auditUserListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toastFailure } from '../lib/toast-failure';
import { auditQueryParams } from './get-audit-logs';
import { auditKeys } from './keys';

export async function getAuditUsers(query: AuditUsersQuery, signal?: AbortSignal) {
  const read = api.get('/audit/users', { query: auditQueryParams(query), signal, silent: true });
  return auditUserListSchema.parse(await toastFailure(read, AUDIT_MESSAGES.trailFailed, signal));
}

export function useAuditUsers(query: AuditUsersQuery) {
  return useQuery({
    queryKey: auditKeys.users(query),
    queryFn: ({ signal }) => getAuditUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
