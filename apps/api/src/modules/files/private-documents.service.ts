import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../app-context.js';
import { fieldError } from '../../lib/errors.js';

/**
 * Supporting documents (a scholarship letter, an invoice, a quotation): images and PDFs, told by
 * their bytes, never by their name, and kept under DATA_DIR/private, outside every public folder.
 */
const DOCUMENT_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
export const DOCUMENT_MIME_TYPES = Object.keys(DOCUMENT_EXTENSIONS);
export const DOCUMENT_MIME_BY_EXTENSION: Record<string, string> = Object.fromEntries(
  Object.entries(DOCUMENT_EXTENSIONS).map(([mime, extension]) => [`.${extension}`, mime]),
);
export const SELECT_DOCUMENT = 'Please select an image or a PDF file';
export const DOCUMENT_TOO_LARGE = 'The file must be less than 5MB';

export const privateFile = (ctx: AppContext, documentPath: string) =>
  path.join(ctx.config.dataDir, 'private', ...documentPath.split('/'));

/**
 * Checks the bytes (a wrong type is a 422 on `field`) and writes the file under a fresh name in
 * `folder`; the path to keep on the row, and what the bytes turned out to be.
 */
export async function storePrivateDocument(ctx: AppContext, buffer: Buffer, place: { folder: string; field: string }) {
  const type = await fileTypeFromBuffer(buffer);
  const extension = type ? DOCUMENT_EXTENSIONS[type.mime] : undefined;
  if (!type || !extension) throw fieldError(place.field, SELECT_DOCUMENT);
  const documentPath = `${place.folder}/${randomUUID()}.${extension}`;
  const file = privateFile(ctx, documentPath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, buffer);
  return { documentPath, contentType: type.mime, extension };
}

export const removePrivateDocument = (ctx: AppContext, documentPath: string) =>
  rm(privateFile(ctx, documentPath), { force: true });
