import { bulkMessagePreviewSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from './keys';
import type { BulkNotificationInput } from './send-notification';

/** POST /notification/bulk/preview: what a bulk notice would send by SMS and WhatsApp; nothing is sent. */
export async function previewBulkNotification(input: BulkNotificationInput) {
  return bulkMessagePreviewSchema.parse(await api.post('/notification/bulk/preview', input, { silent: true }));
}

/** The preview of `input`, asked for only while it is one the server would accept (`enabled`). */
export function useBulkNotificationPreview(input: BulkNotificationInput, enabled: boolean) {
  return useQuery({
    queryKey: [...notificationKeys.all, 'bulk-preview', input] as const,
    queryFn: () => previewBulkNotification(input),
    enabled,
    staleTime: 30_000,
  });
}
