import { unreadCountSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export async function getUnreadCount(signal?: AbortSignal) {
  return unreadCountSchema.parse(await api.get('/notification/unread-count', { signal, silent: true })).count;
}

/** Kept current by the event stream, so it is fetched once and again only when the stream reconnects. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
