import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The master secret comes from APP_SECRET, else from a key file made on first start, so an
 * embedded install is safe without configuration and keeps its sessions across restarts.
 */
export function loadMasterSecret(options: { appSecret: string | undefined; dataDir: string }): Buffer {
  if (options.appSecret) return Buffer.from(options.appSecret, 'utf8');
  const keyFile = path.join(options.dataDir, 'secret.key');
  if (existsSync(keyFile)) return Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64');
  mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(keyFile, secret.toString('base64'), { mode: 0o600 });
  return secret;
}

/** Separate keys per purpose, so a leak of one never exposes another. */
export function deriveKey(master: Buffer, purpose: 'jwt' | 'encryption' | 'receipts'): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', master, Buffer.alloc(0), `schoolledger:${purpose}`, 32));
}

const FORMAT = 'v1';

/**
 * AES-256-GCM with a fresh 12-byte IV: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. The
 * version lets a later key or cipher be introduced without guessing what a stored value is.
 */
export function encryptSecret(plain: string, key: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [FORMAT, iv, tag, ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Throws when the value was not made by encryptSecret with this key, or was altered since. */
export function decryptSecret(blob: string, key: Uint8Array): string {
  const [version, iv, tag, ciphertext, ...rest] = blob.split('.');
  if (version !== FORMAT || !iv || !tag || ciphertext === undefined || rest.length) {
    throw new Error('Not an encrypted secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** Prefixes that say which provider and mode a key belongs to, and nothing about the key itself. */
const KNOWN_PREFIXES = ['sk_test_', 'sk_live_', 'FLWSECK_TEST-', 'FLWSECK-'];
const DOTS = '••••••••';

/** `sk_test_••••••••1234`: enough to recognise which key is saved, never enough to use it. */
export function maskSecret(plain: string): string {
  const prefix = KNOWN_PREFIXES.find((known) => plain.startsWith(known)) ?? '';
  const rest = plain.slice(prefix.length);
  // A short secret would give away too much of itself in its last four characters.
  return rest.length >= 12 ? `${prefix}${DOTS}${rest.slice(-4)}` : `${prefix}${DOTS}`;
}
