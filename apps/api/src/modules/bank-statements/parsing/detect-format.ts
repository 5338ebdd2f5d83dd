import type { StatementFormat } from './statement.js';

/*
 * A statement's format from its first bytes, the file name only breaking the tie for plain text:
 * bursars rename files, and banks name MT940 files .txt and camt files .dat.
 */

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** Enough of the start to see an XML root or the first MT940 tags. */
const SNIFF_BYTES = 4096;
const CAMT = /BkToCstmrStmt|camt\.053/;
const MT940_START = /^:20:/m;
const MT940_BALANCE_OR_LINE = /^:6[012][A-Z]?:/m;
const TEXT_EXTENSIONS = new Set(['csv', 'txt', '']);

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

/** The format to read the file as, or null when it is none of the four. */
export function detectFormat(fileName: string, bytes: Uint8Array): StatementFormat | null {
  if (startsWith(bytes, ZIP)) return 'xlsx';
  const head = bytes.subarray(0, SNIFF_BYTES);
  // Binary files (an old .xls, an image) have NUL bytes; text statements never do.
  if (head.includes(0)) return null;
  const text = new TextDecoder('latin1')
    .decode(head)
    .replace(/^\uFEFF|^ï»¿/, '')
    .trimStart();
  if (text.startsWith('<')) return CAMT.test(text) ? 'camt053' : null;
  if (text.startsWith('{1:') || (MT940_START.test(text) && MT940_BALANCE_OR_LINE.test(text))) return 'mt940';
  if (text.startsWith('%PDF')) return null;
  return TEXT_EXTENSIONS.has(extensionOf(fileName)) ? 'csv' : null;
}
