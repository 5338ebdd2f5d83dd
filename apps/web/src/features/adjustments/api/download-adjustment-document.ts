import { download } from '@/lib/api-client';

/** The document needs the bearer token, so it is fetched and saved rather than linked. */
export function downloadAdjustmentDocument(id: string) {
  return download(`/adjustments/${id}/document`, `adjustment-document-${id.slice(0, 8)}`, { silent: true });
}
