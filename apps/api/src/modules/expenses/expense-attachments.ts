import { EXPENSE_ATTACHMENT_KINDS, type ExpenseAttachmentKind, type ExpenseStatus } from '@schoolledger/domain';
import { fieldError } from '../../lib/errors.js';

export const ATTACHMENT_FIELD = 'file';

/** Documents are added until the money is out (a receipt after payment is normal), never to a closed request. */
export const acceptsDocuments = (status: ExpenseStatus) => status !== 'cancelled' && status !== 'rejected';
/** What was approved stays as it was approved: documents are removed only before a decision. */
export const releasesDocuments = (status: ExpenseStatus) => status === 'draft' || status === 'pending_approval';

export function attachmentKindOf(value: string | undefined): ExpenseAttachmentKind {
  if (value === undefined || value === '') return 'invoice';
  const kind = EXPENSE_ATTACHMENT_KINDS.find((each) => each === value);
  if (!kind) throw fieldError('kind', 'Choose what the document is');
  return kind;
}

/**
 * The name the uploader's file had, as safe to print and to send back: no folders, no control
 * characters, at most 150 characters, and the extension of what the bytes turned out to be.
 */
export function attachmentName(original: string, extension: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 140);
  return `${base || 'document'}.${extension}`;
}

/** `inline` with the name in ASCII for old clients and in UTF-8 for the rest. */
export function inlineDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
