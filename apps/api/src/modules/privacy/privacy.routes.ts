import {
  ERASED_NAME,
  erasedUserSchema,
  eraseUserRequestSchema,
  errorResponseSchema,
  FINANCIAL_RECORDS_YEARS,
  idParamsSchema,
  idSchema,
  myDataSchema,
  todayIn,
} from '@schoolledger/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tooManyRequests } from '../../lib/errors.js';
import { fileResponses, ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { getUser } from '../users/users.service.js';
import { eraseUser, myData, myDataAsPdf } from './privacy.service.js';

/**
 * A download gathers a person's whole history (and their children's) and writes it out: a few an
 * hour is plenty for someone keeping a copy, and keeps it from becoming a way to load the server.
 */
const DOWNLOADS_PER_HOUR = 10;

const WHAT_IS_IN_IT =
  'Everything held about the signed-in person: their account, and for a student or a parent of linked children ' +
  'each school record, fee, payment, receipt and refund; family credit; notifications, sign-ins and audit trail ' +
  'entries of the last 12 months. Recorded in the audit trail. At most 10 downloads an hour (429).';

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const tags = ['privacy'];

  // One budget for both formats, per person rather than per sign-in, counted after sign-in is checked.
  const downloads = app.createRateLimit({
    max: DOWNLOADS_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request) => `my-data:${authOf(request).userId}`,
  });
  const withinBudget = async (request: FastifyRequest, reply: FastifyReply) => {
    const limit = await downloads(request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw tooManyRequests();
    }
  };
  const attachment = (extension: 'json' | 'pdf') =>
    `attachment; filename="schoolledger-my-data-${todayIn('Africa/Lagos', app.ctx.clock())}.${extension}"`;

  app.get(
    '/me/data',
    {
      preHandler: withinBudget,
      schema: {
        summary: 'Download my data (JSON)',
        description: WHAT_IS_IN_IT,
        tags,
        response: { ...responses(myDataSchema), 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await myData({ ctx: app.ctx, auth: authOf(request), actor: actorOf(request) });
      return reply.header('content-disposition', attachment('json')).send(ok('Your data', data));
    },
  );

  app.get(
    '/me/data.pdf',
    {
      preHandler: withinBudget,
      schema: {
        summary: 'Download my data (PDF)',
        description: `${WHAT_IS_IN_IT} The same facts as the JSON download, as tables to read and print.`,
        tags,
        response: { ...fileResponses('The download as a PDF', ['application/pdf']), 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const pdf = await myDataAsPdf({ ctx: app.ctx, auth: authOf(request), actor: actorOf(request) });
      return reply.type('application/pdf').header('content-disposition', attachment('pdf')).send(pdf);
    },
  );

  // Tenancy before permission, as on every user route: another school's person is not found (404)
  // even by a caller the route refuses. A malformed id is left to the params schema (422).
  const inScope = async (request: FastifyRequest) => {
    const id = idSchema.safeParse((request.params as { id?: unknown }).id);
    if (id.success) await getUser(app.ctx, authOf(request), id.data);
  };

  app.post(
    '/users/:id/erase',
    {
      preValidation: [inScope, authorize('users.manage')],
      schema: {
        summary: 'Erase the personal data of a student or parent who has left',
        description:
          `For a deactivated student or parent account of the caller's schools, confirmed by typing the person's full name. ` +
          `Names become "${ERASED_NAME}", the email a unique address that receives nothing; phone, address, date of birth, ` +
          'guardian and other contacts, the picture, notices about them, emails to them and their sessions are removed. ' +
          `Payments, receipts, refunds, family credit and the books keep their amounts, dates and numbers, as the law keeps ` +
          `financial records for ${FINANCIAL_RECORDS_YEARS} years. The audit trail is not changed; the erasure adds its own ` +
          'entry. An active account is refused (409 ACCOUNT_STILL_ACTIVE), as are staff (409 NOT_ERASABLE), one erased ' +
          'already (409 ALREADY_ERASED) and a name that is not theirs (422 ERASURE_NAME_MISMATCH).',
        tags: ['users'],
        params: idParamsSchema,
        body: eraseUserRequestSchema,
        response: responses(erasedUserSchema),
      },
    },
    async (request) =>
      ok(
        'Personal data erased',
        await eraseUser({
          ctx: app.ctx,
          auth: authOf(request),
          userId: request.params.id,
          input: request.body,
          actor: actorOf(request),
        }),
      ),
  );
};
