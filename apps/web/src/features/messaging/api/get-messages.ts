import type { OutboxChannel, OutboxMessageStatus } from '@schoolledger/domain';
import { outboxPageSchema } from '@schoolledger/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { messagingKeys } from './keys';

export interface MessageListQuery {
  schoolId: string;
  status: OutboxMessageStatus | 'all';
  channel: OutboxChannel | 'all';
}

export const MESSAGES_PAGE_SIZE = 25;

/**
 * GET /messages: a school's notices' emails, SMS and WhatsApp messages, newest first; `before` is the previous
 * page's `nextBefore`. Phones come masked unless the reader may see them whole.
 */
export async function getMessages(
  { schoolId, status, channel, before }: MessageListQuery & { before?: string | undefined },
  signal?: AbortSignal,
) {
  const data = await api.get('/messages', {
    query: {
      schoolId,
      status: status === 'all' ? undefined : status,
      channel: channel === 'all' ? undefined : channel,
      before,
      limit: MESSAGES_PAGE_SIZE,
    },
    signal,
    silent: true,
  });
  return outboxPageSchema.parse(data);
}

/** Pages follow each other by the server's cursor: "Load more" asks for the messages before the last. */
export function useMessages(query: MessageListQuery) {
  return useInfiniteQuery({
    queryKey: messagingKeys.messages(query),
    queryFn: ({ pageParam, signal }) => getMessages({ ...query, before: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    enabled: query.schoolId !== '',
  });
}
