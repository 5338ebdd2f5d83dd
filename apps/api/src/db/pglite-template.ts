import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A new embedded database spends most of its first start in PostgreSQL's initdb, run in
 * WebAssembly (about 10 s of CPU here, against under 1 s to load the demo data). The first
 * database created on a machine is saved, migrated and still empty, and later new databases
 * (another DATA_DIR, each API test file) start from that copy instead. The copy is named after
 * the PGlite version and the migrations, so an upgrade of either makes a new one; it lives in
 * node_modules/.cache, which belongs to this checkout like the code that reads it.
 */
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const nodeModules = pgliteEntry.slice(0, pgliteEntry.lastIndexOf(`${path.sep}node_modules${path.sep}`) + 13);
const cacheDir = path.join(nodeModules, '.cache', 'schoolledger');

/** Where the template for these migrations lives; null when PGlite is not in a node_modules folder. */
export function templatePath(migrationsFolder: string, extensions: string[]): string | null {
  if (!nodeModules.endsWith(`${path.sep}node_modules`)) return null;
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(nodeModules, '@electric-sql', 'pglite', 'package.json')));
  hash.update(extensions.join(','));
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (!statSync(full).isFile()) continue;
    hash.update(file);
    hash.update(readFileSync(full));
  }
  return path.join(cacheDir, `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

export function readTemplate(file: string): Blob | undefined {
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    return undefined;
  }
}

/** Best effort: a read-only checkout only means the next new database is made from scratch too. */
export async function saveTemplate(client: PGlite, file: string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  try {
    const dump = await client.dumpDataDir('gzip');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  } catch {
    rmSync(partial, { force: true });
  }
}

export function dropTemplate(file: string): void {
  rmSync(file, { force: true });
}
