import { AUDIT_MESSAGES, failedLoginsSchema, type SecurityAuditQuery } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toastFailure } from '../lib/toast-failure';
import { auditQueryParams } from './get-audit-logs';
import { auditKeys } from './keys';

export async function getFailedLogins(query: SecurityAuditQuery, signal?: AbortSignal) {
  const read = api.get('/audit/security/failed-logins', { query: auditQueryParams(query), signal, silent: true });
  return failedLoginsSchema.parse(await toastFailure(read, AUDIT_MESSAGES.securityFailed, signal));
}

export function useFailedLogins(query: SecurityAuditQuery) {
  return useQuery({
    queryKey: auditKeys.failedLogins(query),
    queryFn: ({ signal }) => getFailedLogins(query, signal),
    placeholderData: keepPreviousData,
  });
}
