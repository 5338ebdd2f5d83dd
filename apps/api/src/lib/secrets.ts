import { hkdfSync, randomBytes } from 'node:crypto';
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
export function deriveKey(master: Buffer, purpose: 'jwt' | 'encryption'): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', master, Buffer.alloc(0), `schoolledger:${purpose}`, 32));
}
