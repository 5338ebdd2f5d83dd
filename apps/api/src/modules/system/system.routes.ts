import {
  backupSchema,
  backupStatusSchema,
  SYSTEM_MESSAGES,
  systemLogsPageSchema,
  systemLogsQuerySchema,
  systemStatusSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authorize } from '../../plugins/auth.js';
import { backupStatus, presentBackup, runBackup } from './backups.service.js';
import { systemLogs, systemStatus } from './system.service.js';

const tags = ['ict-admin'];
const view = { preValidation: authorize('system.view') };

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/ict-admin/system-status',
    {
      ...view,
      schema: {
        summary: 'Health of the database, job queue, email outbox and disk, with uptime and version',
        description:
          'Each part carries a state (healthy, warning, critical) and its reason. A part that cannot be read is reported as critical, not as a failed request.',
        tags,
        response: responses(systemStatusSchema),
      },
    },
    async () => ok('System status loaded', await systemStatus(app.ctx, app.database)),
  );

  app.get(
    '/ict-admin/system-logs',
    {
      ...view,
      schema: {
        summary: "The server's recent warnings and errors, newest first",
        description:
          'Kept for 30 days, at most 10,000 entries. Emails, tokens, keys and long numbers are masked before they are stored.',
        tags,
        querystring: systemLogsQuerySchema,
        response: responses(systemLogsPageSchema),
      },
    },
    async (request) => ok('System logs loaded', await systemLogs(app.ctx, request.query)),
  );

  app.get(
    '/ict-admin/backup-status',
    {
      ...view,
      schema: {
        summary: 'The last backup, the schedule and retention, recent backups and free disk space',
        tags,
        response: responses(backupStatusSchema),
      },
    },
    async () => ok('Backup status loaded', await backupStatus(app.ctx)),
  );

  app.post(
    '/ict-admin/backups',
    {
      preValidation: authorize('system.backup'),
      schema: {
        summary: 'Back up the database now',
        description:
          'Answers when the backup has finished. A backup that could not be written (pg_dump missing, disk full) is recorded and returned with status failed and its reason. 409 while another backup runs.',
        tags,
        response: responses(backupSchema),
      },
    },
    async (request) => {
      const row = await runBackup(app.ctx, app.database, { trigger: 'manual', actor: actorOf(request) });
      if (row.status === 'failed')
        request.log.error({ module: 'backups', err: { message: row.error } }, 'backup failed');
      const message = row.status === 'succeeded' ? SYSTEM_MESSAGES.backupSucceeded : SYSTEM_MESSAGES.backupFailed;
      return ok(message, presentBackup(row));
    },
  );
};
