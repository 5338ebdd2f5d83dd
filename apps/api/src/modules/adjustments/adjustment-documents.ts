import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../../app-context.js';
import { fieldError } from '../../lib/errors.js';

/** What a letter, an award or a signed form may be: images and PDFs, told by their bytes. */
export const DOCUMENT_TYPES: Record<string, { extension: string; mime: string }> = {
  'image/png': { extension: 'png', mime: 'image/png' },
  'image/jpeg': { extension: 'jpg', mime: 'image/jpeg' },
  'image/webp': { extension: 'webp', mime: 'image/webp' },
  'application/pdf': { extension: 'pdf', mime: 'application/pdf' },
};
export const DOCUMENT_MIME_BY_EXTENSION = Object.fromEntries(
  Object.values(DOCUMENT_TYPES).map((type) => [`.${type.extension}`, type.mime]),
);
export const DOCUMENT_FIELD = 'document';
export const SELECT_DOCUMENT = 'Please select an image or a PDF file';
export const DOCUMENT_TOO_LARGE = 'The file must be less than 5MB';
const FOLDER = 'adjustments';

export const documentFile = (ctx: AppContext, documentPath: string) =>
  path.join(ctx.config.dataDir, 'private', ...documentPath.split('/'));

/** Checks the bytes and writes the file under a fresh private name; the path to keep on the adjustment. */
export async function storeDocument(ctx: AppContext, buffer: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(buffer);
  const known = type ? DOCUMENT_TYPES[type.mime] : undefined;
  if (!known) throw fieldError(DOCUMENT_FIELD, SELECT_DOCUMENT);
  const documentPath = `${FOLDER}/${randomUUID()}.${known.extension}`;
  const file = documentFile(ctx, documentPath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, buffer);
  return documentPath;
}

export const removeDocument = (ctx: AppContext, documentPath: string) =>
  rm(documentFile(ctx, documentPath), { force: true });
