import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type DbOrTx, openDatabase } from '../../db/client.js';
import { recordAudit } from '../audit/audit.queries.js';
import { finishBackupRow, restoredCounts, runningBackups } from './system.queries.js';

const run = promisify(execFile);

export interface RestoreOptions {
  file: string;
  /** DATA_DIR: the embedded database lives in its `pglite` folder. */
  dataDir: string;
  /** Set for a PostgreSQL server: the backup is loaded into this database. */
  databaseUrl?: string | undefined;
  now?: Date;
  say?: (message: string) => void;
}

export interface RestoreResult {
  driver: 'pglite' | 'postgres';
  /** Where the embedded database that was replaced was moved, when there was one. */
  setAside: string | null;
  payments: number;
  auditLogs: number;
}

const stampOf = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

async function restoreEmbedded(options: RestoreOptions, say: (message: string) => void) {
  if (!options.file.endsWith('.pglite.tar.gz')) {
    throw new Error('This is not an embedded-database backup (.pglite.tar.gz); set DATABASE_URL to restore a .pgdump');
  }
  const target = path.join(options.dataDir, 'pglite');
  let setAside: string | null = null;
  if (existsSync(target) && readdirSync(target).length > 0) {
    setAside = path.join(options.dataDir, `pglite.before-restore-${stampOf(options.now ?? new Date())}`);
    renameSync(target, setAside);
    say(`Moved the current database aside to ${setAside}`);
  }
  try {
    mkdirSync(target, { recursive: true });
    const client = await PGlite.create({
      dataDir: target,
      extensions: { pg_trgm },
      loadDataDir: new Blob([readFileSync(options.file)]),
    });
    await client.close();
  } catch (error) {
    // Leave the machine as it was: the half-loaded copy goes, the previous database comes back.
    rmSync(target, { recursive: true, force: true });
    if (setAside) renameSync(setAside, target);
    throw error;
  }
  return { setAside, database: await openDatabase({ dataDir: target }) };
}

async function restorePostgres(options: RestoreOptions & { databaseUrl: string }) {
  if (!options.file.endsWith('.pgdump')) {
    throw new Error('This is not a PostgreSQL backup (.pgdump); unset DATABASE_URL to restore an embedded backup');
  }
  try {
    await run('pg_restore', ['--version']);
  } catch {
    throw new Error('pg_restore not available: install the PostgreSQL client tools (version 15 or newer)');
  }
  const target = new URL(options.databaseUrl);
  const password = decodeURIComponent(target.password);
  target.password = '';
  await run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--exit-on-error', '--dbname', target.toString(), options.file],
    { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, maxBuffer: 10 * 1024 * 1024 },
  );
  return { setAside: null, database: await openDatabase({ url: options.databaseUrl }) };
}

/**
 * The copy was taken while its own backup row said "running": left so, it would block the next
 * backups. That row is the file just restored, so it is marked as written; any other backup
 * that was running then did not finish in this copy of history.
 */
async function settleBackupRows(db: DbOrTx, file: string, at: Date) {
  const content = readFileSync(file);
  for (const row of await runningBackups(db)) {
    const own = path.basename(file).startsWith(`schoolledger-${stampOf(row.startedAt)}.`);
    await finishBackupRow(
      db,
      row.id,
      own
        ? {
            status: 'succeeded',
            fileName: path.basename(file),
            sizeBytes: content.length,
            sha256: createHash('sha256').update(content).digest('hex'),
            error: null,
            finishedAt: at,
          }
        : {
            status: 'failed',
            fileName: null,
            sizeBytes: null,
            sha256: null,
            error: 'Interrupted by a restore',
            finishedAt: at,
          },
    );
  }
}

/**
 * Loads a backup made by the app into its database, then migrates it (a newer app restoring an
 * older backup) and counts what came back. The app must be stopped: the restore replaces the
 * database under it.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const say = options.say ?? (() => {});
  if (!existsSync(options.file)) throw new Error(`No backup file at ${options.file}`);
  const { databaseUrl } = options;
  const restored = databaseUrl
    ? await restorePostgres({ ...options, databaseUrl })
    : await restoreEmbedded(options, say);
  try {
    const { db } = restored.database;
    const at = options.now ?? new Date();
    await settleBackupRows(db, options.file, at);
    const counts = await restoredCounts(db);
    // The restored trail says it was restored: from which file, when, and what it held.
    await recordAudit(
      db,
      { userId: null, ip: null, userAgent: 'npm run restore' },
      {
        action: 'backup.restore',
        entity: 'backup',
        entityId: null,
        schoolId: null,
        after: {
          file: path.basename(options.file),
          sha256: createHash('sha256').update(readFileSync(options.file)).digest('hex'),
          restoredAt: at.toISOString(),
          ...counts,
        },
      },
    );
    return { driver: restored.database.driver, setAside: restored.setAside, ...counts };
  } finally {
    await restored.database.close();
  }
}
