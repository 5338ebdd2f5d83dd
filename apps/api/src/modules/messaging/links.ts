import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config.js';

/** Lower-case letters and digits without 0, 1, l and o, which a parent copying a link would misread. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** 12 characters of 32: 60 bits, beyond guessing at any rate the server answers. */
const TOKEN_LENGTH = 12;
export const LINK_TOKEN_PATTERN = /^[a-km-np-z2-9]{12}$/;

/** A new link token: the capability a message's receipt link carries. */
export function newLinkToken(): string {
  const bytes = randomBytes(TOKEN_LENGTH);
  let token = '';
  // 256 is a multiple of 32: every byte maps to a letter with equal chance.
  for (const byte of bytes) token += ALPHABET[byte % ALPHABET.length];
  return token;
}

/**
 * The short address a message carries to its receipt: the PDF, opened on the phone without
 * signing in. WhatsApp's servers fetch the same address for the template's document header.
 */
export const receiptLinkOf = (config: Pick<AppConfig, 'appUrl'>, token: string) =>
  `${config.appUrl.replace(/\/+$/, '')}/m/${token}`;
