import { type bulkNotificationInputSchema, bulkNotificationResultSchema } from '@schoolledger/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';

export type BulkNotificationInput = z.input<typeof bulkNotificationInputSchema>;

/** SPEC §7 POST /notification/bulk: a school, a role, or both. */
export async function sendBulkNotification(input: BulkNotificationInput) {
  return bulkNotificationResultSchema.parse(await api.post('/notification/bulk', input, { silent: true }));
}

export function useSendBulkNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBulkNotification,
    // The sender may be among the recipients.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
