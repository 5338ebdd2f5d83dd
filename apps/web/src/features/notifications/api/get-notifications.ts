import { type NotificationListQuery, notificationListSchema } from '@schoolledger/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export async function getNotifications(query: NotificationListQuery, signal?: AbortSignal) {
  return notificationListSchema.parse(
    await api.get('/notification', {
      query: {
        page: query.page,
        limit: query.limit,
        unread_only: query.unread_only ? 'true' : undefined,
        payments_only: query.payments_only ? 'true' : undefined,
      },
      signal,
      silent: true,
    }),
  );
}

/** SPEC §9: a list older than five minutes is fetched again when it is shown. */
export function useNotifications(query: NotificationListQuery) {
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => getNotifications(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
