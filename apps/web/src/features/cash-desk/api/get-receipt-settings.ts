import { receiptSettingsSchema } from '@schoolledger/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from '@/lib/my-settings';

/** The school's contact line and receipt footer (General Settings), printed on the receipt as on the PDF. */
export async function getReceiptSettings(schoolId: string, signal?: AbortSignal) {
  return receiptSettingsSchema.parse(await api.get('/settings/receipt', { query: { schoolId }, signal, silent: true }));
}

export function useReceiptSettings(schoolId: string) {
  return useQuery({
    // Under the settings prefix: saving General Settings refreshes it.
    queryKey: [...settingsKeys.all, 'receipt', schoolId],
    queryFn: ({ signal }) => getReceiptSettings(schoolId, signal),
  });
}
