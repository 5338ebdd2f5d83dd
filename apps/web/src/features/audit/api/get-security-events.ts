import { AUDIT_MESSAGES, type SecurityAuditQuery, securityEventsSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toastFailure } from '../lib/toast-failure';
import { auditQueryParams } from './get-audit-logs';
import { auditKeys } from './keys';

export async function getSecurityEvents(query: SecurityAuditQuery, signal?: AbortSignal) {
  const read = api.get('/audit/security/events', { query: auditQueryParams(query), signal, silent: true });
  return securityEventsSchema.parse(await toastFailure(read, AUDIT_MESSAGES.securityFailed, signal));
}

export function useSecurityEvents(query: SecurityAuditQuery) {
  return useQuery({
    queryKey: auditKeys.security(query),
    queryFn: ({ signal }) => getSecurityEvents(query, signal),
    placeholderData: keepPreviousData,
  });
}
