import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EXPENSE_ATTACHMENT_KINDS, type ExpenseAttachmentKind, type ExpenseStatus } from '@schoolledger/domain';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../app-context.js';
import { fieldError } from '../../lib/errors.js';

/** An invoice, a quotation or a receipt: images and PDFs, told by their bytes, never by their name. */
const ATTACHMENT_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
export const ATTACHMENT_MIME_TYPES = Object.keys(ATTACHMENT_TYPES);
export const ATTACHMENT_FIELD = 'file';
export const SELECT_ATTACHMENT = 'Please select an image or a PDF file';
export const ATTACHMENT_TOO_LARGE = 'The file must be less than 5MB';
const FOLDER = 'expenses';

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

export const attachmentFile = (ctx: AppContext, filePath: string) =>
  path.join(ctx.config.dataDir, 'private', ...filePath.split('/'));

/** Checks the bytes and writes the file under a fresh private name; what to keep on the attachment row. */
export async function storeAttachment(ctx: AppContext, buffer: Buffer) {
  const type = await fileTypeFromBuffer(buffer);
  const extension = type ? ATTACHMENT_TYPES[type.mime] : undefined;
  if (!type || !extension) throw fieldError(ATTACHMENT_FIELD, SELECT_ATTACHMENT);
  const filePath = `${FOLDER}/${randomUUID()}.${extension}`;
  const file = attachmentFile(ctx, filePath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, buffer);
  return { filePath, contentType: type.mime, extension };
}

export const removeAttachment = (ctx: AppContext, filePath: string) =>
  rm(attachmentFile(ctx, filePath), { force: true });

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
