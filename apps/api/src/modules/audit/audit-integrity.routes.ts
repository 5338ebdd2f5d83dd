import { auditVerificationSchema, auditVerifyQuerySchema, termPackQuerySchema } from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponses, ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { verifyAuditChains } from './chain.service.js';
import { buildTermPack } from './term-pack.service.js';

const tags = ['audit'];

/** The trail's integrity: verifying the hash chains, and the auditor's term pack. */
export const auditIntegrityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const readers = { preValidation: authorize('audit.view') };

  app.get(
    '/audit/verify',
    {
      ...readers,
      schema: {
        summary: "Verify the audit trail's hash chains",
        tags,
        description:
          "Walks each school's chain (or one school's) from its first entry to its head, recomputing every entry's hash, and names the first entry that was changed, deleted or inserted out of order. `npm run audit:verify` does the same from the command line.",
        querystring: auditVerifyQuerySchema,
        response: responses(auditVerificationSchema),
      },
    },
    async (request) => {
      const verification = await verifyAuditChains(
        app.ctx.db,
        authOf(request).scope,
        app.ctx.clock(),
        request.query.schoolId,
      );
      return ok(
        verification.valid ? 'The audit trail is intact' : 'The audit trail has been tampered with',
        verification,
      );
    },
  );

  app.get(
    '/audit/term-pack',
    {
      ...readers,
      schema: {
        summary: "Download the auditor's term pack (zip)",
        tags,
        description:
          "One school's term: the ledger of payments and refunds, the receipts index, fee approvals with their approvers, reconciliation exceptions and the audit chain's verification with its head hash, plus manifest.json with each file's SHA-256. Amounts in naira with two decimals; times in UTC. The download is itself audited.",
        querystring: termPackQuerySchema,
        response: fileResponses('The term pack', ['application/zip']),
      },
    },
    async (request, reply) => {
      const pack = await buildTermPack(app.ctx, authOf(request), actorOf(request), request.query);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${pack.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pack.zip));
    },
  );
};
