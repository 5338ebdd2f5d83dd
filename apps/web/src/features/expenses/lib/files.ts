import { MAX_IMAGE_BYTES } from '@schoolledger/domain';
import { EXPENSE_MESSAGES } from './messages';

/** What the API accepts, told there by the content; the browser's type is enough to stop a wrong pick early. */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export const ATTACHMENT_ACCEPT = ATTACHMENT_TYPES.join(',');

/** Why a picked file cannot be sent, with the server's own words, or null when it may go. */
export function attachmentProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!ATTACHMENT_TYPES.some((type) => type === file.type)) return EXPENSE_MESSAGES.selectFile;
  if (file.size > MAX_IMAGE_BYTES) return EXPENSE_MESSAGES.fileTooLarge;
  return null;
}
