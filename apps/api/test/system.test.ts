import { readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { backups, emailOutbox } from '../src/db/schema.js';
import {
  nextRun,
  previousRun,
  pruneBackups,
  runBackup,
  runScheduledBackup,
} from '../src/modules/system/backups.service.js';
import { bearer, demoEmail, login, useTestApp } from './helper.js';

describe('backup schedule', () => {
  it('names the latest cron time of each frequency in Lagos time (UTC+1)', () => {
    // Tuesday 24 November 2026, 00:30 UTC = 01:30 in Lagos: before the day's 02:00.
    const now = new Date('2026-11-24T00:30:00Z');
    expect(previousRun('hourly', now).toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(previousRun('daily', now).toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(previousRun('weekly', now).toISOString()).toBe('2026-11-22T01:00:00.000Z');
    expect(nextRun('daily', now).toISOString()).toBe('2026-11-24T01:00:00.000Z');
    expect(nextRun('weekly', now).toISOString()).toBe('2026-11-29T01:00:00.000Z');
    expect(nextRun('hourly', new Date('2026-11-24T23:59:00Z')).toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });
});

/** The same tests run on the embedded database and, in the PostgreSQL pass, on pg_dump. */
const driver = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const extension = driver === 'postgres' ? 'pgdump' : 'pglite\\.tar\\.gz';

describe('system status and backups', () => {
  let now = new Date('2026-11-24T09:10:00Z');
  const t = useTestApp({ clock: () => now, env: { BACKUP_FREQUENCY: 'daily', BACKUP_RETENTION_DAYS: '7' } });

  it('tells the ICT administrator the database is reachable, migrated, and what waits in the outbox', async () => {
    await t.ctx.db.insert(emailOutbox).values({
      to: 'someone@example.test',
      subject: 'Waiting',
      text: 'x',
      status: 'queued',
      createdAt: new Date(now.getTime() - 20 * 60_000),
    });
    const response = await t.app.inject({ url: '/api/v1/ict-admin/system-status', headers: await t.as('ict') });
    expect(response.statusCode, response.body).toBe(200);
    const status = response.json().data;
    expect(status.database).toMatchObject({ state: 'healthy', reachable: true, driver });
    expect(status.database.migrationsApplied).toBe(status.database.migrationsShipped);
    expect(status.database.sizeBytes).toBeGreaterThan(1_000_000);
    // API tests run no job runner, which is what the card says.
    expect(status.jobs).toMatchObject({ state: 'warning', running: false, queues: [] });
    expect(status.email).toMatchObject({ state: 'warning', queued: 1, oldestQueuedSeconds: 1200 });
    expect(status.disk.freeBytes).toBeGreaterThan(0);
    expect(status.app).toMatchObject({ version: '1.0.0', nodeVersion: process.version });
  });

  it('reports a database that does not answer as critical rather than failing the page', async () => {
    const ping = t.database.ping;
    t.database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const response = await t.app.inject({ url: '/api/v1/ict-admin/system-status', headers: await t.as('ict') });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.database).toMatchObject({
        state: 'critical',
        reason: 'The database does not answer',
        reachable: false,
        sizeBytes: null,
        migrationsApplied: null,
      });
    } finally {
      t.database.ping = ping;
    }
  });

  it('is closed to a bursar and an auditor', async () => {
    for (const who of ['bursar', 'auditor']) {
      const response = await t.app.inject({ url: '/api/v1/ict-admin/system-status', headers: await t.as(who) });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, data: null, code: 'FORBIDDEN' });
    }
    const backup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ict-admin/backups',
      headers: await t.as('bursar'),
    });
    expect(backup.statusCode).toBe(403);
    expect(await t.ctx.db.select().from(backups)).toEqual([]);
  });

  it('takes the scheduled backup once per daily slot, and shows it with the next time', async () => {
    const first = await runScheduledBackup(t.ctx, t.database);
    expect(first).toMatchObject({ status: 'succeeded', trigger: 'scheduled' });
    const written = statSync(path.join(t.ctx.config.dataDir, 'backups', first!.fileName!));
    expect(written.mode & 0o777).toBe(0o600);
    expect(written.size).toBe(first!.sizeBytes);
    expect(await runScheduledBackup(t.ctx, t.database)).toBeNull();

    const response = await t.app.inject({ url: '/api/v1/ict-admin/backup-status', headers: await t.as('ict') });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      frequency: 'daily',
      schedule: '0 2 * * *',
      timeZone: 'Africa/Lagos',
      retentionDays: 7,
      nextScheduledAt: '2026-11-25T01:00:00.000Z',
      running: false,
      lastBackup: { _id: first!.id, status: 'succeeded', fileName: first!.fileName },
    });
    expect(response.json().data.backups).toHaveLength(1);
    expect(response.json().data.lastBackup.fileName).toMatch(
      new RegExp(`^schoolledger-20261124T091000Z\\.${extension}$`),
    );

    now = new Date('2026-11-25T01:00:30Z');
    expect(await runScheduledBackup(t.ctx, t.database)).toMatchObject({ status: 'succeeded' });
  });

  it.skipIf(driver !== 'postgres')('without pg_dump the backup is recorded as failed with that reason', async () => {
    const searchPath = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const backup = await runBackup(t.ctx, t.database, { trigger: 'scheduled' });
      expect(backup).toMatchObject({ status: 'failed', fileName: null });
      expect(backup.error).toMatch(/^pg_dump not available/);
    } finally {
      process.env.PATH = searchPath;
    }
  });

  it('removes files past the retention but always keeps the newest successful backup', async () => {
    const dir = path.join(t.ctx.config.dataDir, 'backups');
    const written = await t.ctx.db
      .select()
      .from(backups)
      .where(eq(backups.status, 'succeeded'))
      .orderBy(desc(backups.startedAt));
    expect(written).toHaveLength(2);
    now = new Date('2026-12-20T09:00:00Z');
    expect(await pruneBackups(t.ctx)).toBe(1);
    const left = await t.ctx.db.select().from(backups).where(eq(backups.status, 'succeeded'));
    expect(left.filter((row) => row.prunedAt === null).map((row) => row.fileName)).toEqual([written[0]!.fileName]);
    expect(left.find((row) => row.id === written[1]!.id)?.prunedAt).toEqual(now);
    expect(readdirSync(dir)).toEqual([written[0]!.fileName]);
  });

  it('records a failed backup with its reason when the dump cannot be written, never a crash', async () => {
    const dir = path.join(t.ctx.config.dataDir, 'backups');
    // A file where the backups folder should be: the next backup cannot be written.
    renameSync(dir, `${dir}-moved`);
    writeFileSync(dir, 'not a folder');
    const signedIn = await login(t, demoEmail('ict'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ict-admin/backups',
      headers: bearer(signedIn.json().data.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Backup failed', data: { status: 'failed', fileName: null } });
    expect(response.json().data.error).toMatch(/EEXIST|ENOTDIR/);
  });
});
