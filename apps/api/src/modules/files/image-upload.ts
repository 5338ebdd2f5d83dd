import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MSG } from '@schoolledger/domain';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, badRequest, fieldError } from '../../lib/errors.js';
import { textFaultMessage, unstorableText } from '../../lib/request-input.js';

// SVG is left out on purpose: it can carry script, and these files are served from our origin.
export const IMAGE_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

export interface MultipartForm {
  fields: Record<string, string>;
  file: { buffer: Buffer; filename: string } | null;
}

const tooLarge = (message: string, field: string) => fieldError(field, message);

/**
 * Reads a multipart body of text fields and at most one file, refusing files over the size limit
 * and text PostgreSQL cannot store (a NUL, half a surrogate pair) in any field or the file's name.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
  tooLargeMessage: string = MSG.imageTooLarge,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data upload');
  const form: MultipartForm = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        form.fields[part.fieldname] = String(part.value);
      } else if (part.fieldname === fileField) {
        const buffer = await part.toBuffer().catch((error: { code?: string }) => {
          if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(tooLargeMessage, fileField);
          throw error;
        });
        if (part.file.truncated) throw tooLarge(tooLargeMessage, fileField);
        if (buffer.length > 0) form.file = { buffer, filename: part.filename };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    throw asClientError(error);
  }
  const found = unstorableText(form.fields);
  if (found) throw fieldError(found.field, textFaultMessage(found.fault, found.field));
  const nameFault = form.file && unstorableText(form.file.filename);
  if (nameFault) throw fieldError(fileField, textFaultMessage(nameFault.fault, "The file's name"));
  return form;
}

/**
 * The multipart parser throws plain errors on a broken body ("Boundary not found", "Unexpected
 * end of form"): the client sent it, so it is a 400, not a fault of ours.
 */
function asClientError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) return error;
  return badRequest(MALFORMED_UPLOAD);
}

const MALFORMED_UPLOAD = 'The upload could not be read. Please choose the file again.';

/** Checks the bytes, not the name, then stores the image under a fresh name; returns its URL. */
export async function storeImage(options: {
  buffer: Buffer;
  uploadsDir: string;
  folder: 'avatars' | 'logos';
  field: string;
}): Promise<string> {
  const type = await fileTypeFromBuffer(options.buffer);
  const extension = type ? IMAGE_TYPES[type.mime] : undefined;
  if (!extension) {
    throw fieldError(options.field, MSG.selectImage);
  }
  const directory = path.join(options.uploadsDir, options.folder);
  await mkdir(directory, { recursive: true });
  const name = `${randomUUID()}.${extension}`;
  await writeFile(path.join(directory, name), options.buffer);
  return `/uploads/${options.folder}/${name}`;
}

/** A profile picture uploaded alone under `field`: read, checked and stored; its URL. */
export async function storeUploadedAvatar(request: FastifyRequest, field: string, uploadsDir: string) {
  const form = await readMultipart(request, field);
  if (!form.file) throw fieldError(field, MSG.selectImage);
  return storeImage({ buffer: form.file.buffer, uploadsDir, folder: 'avatars', field });
}
