import { AUDIT_MESSAGES, auditUserActivitiesSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { toastFailure } from '../lib/toast-failure';
import { auditKeys } from './keys';

export async function getUserActivities(id: string, page: number, signal?: AbortSignal) {
  const read = api.get(`/audit/users/${id}/activities`, { query: { page, limit: 10 }, signal, silent: true });
  return auditUserActivitiesSchema.parse(await toastFailure(read, AUDIT_MESSAGES.trailFailed, signal));
}

export function useUserActivities(id: string | null, page: number) {
  return useQuery({
    queryKey: auditKeys.activities(id ?? '', page),
    queryFn: ({ signal }) => getUserActivities(id!, page, signal),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}
