import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http.js';
import { authenticate, authOf, authorize } from '../../plugins/auth.js';
import { listOutbox } from './email.queries.js';

const outboxEntrySchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['queued', 'retrying', 'sent', 'failed', 'stored']),
  attempts: z.number().int(),
  lastError: z.string().nullable().describe('Why the last attempt failed'),
  nextAttemptAt: z.string().nullable().describe('When a retrying email is tried again'),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

const HIDDEN = 'This email holds a password-reset link; only the system administrator can read it here.';

export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/email/outbox',
    {
      preValidation: authorize('email.outbox.view'),
      schema: {
        summary: 'List recent emails in the outbox',
        tags: ['email'],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: responses(z.array(outboxEntrySchema)),
      },
    },
    async (request) => {
      const { scope } = authOf(request);
      const rows = await listOutbox(app.ctx.db, scope, request.query.limit);
      return ok(
        'Outbox loaded',
        rows.map((row) => ({
          _id: row.id,
          to: row.to,
          subject: row.subject,
          // A school's staff could otherwise read the reset link of someone above them.
          text: row.sensitive && scope.kind !== 'all' ? HIDDEN : row.text,
          status: row.status,
          attempts: row.attempts,
          lastError: row.lastError,
          nextAttemptAt: row.status === 'retrying' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
      );
    },
  );
};
