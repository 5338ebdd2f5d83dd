import {
  idParamsSchema,
  lateFeePolicyInputSchema,
  lateFeePolicyListQuerySchema,
  lateFeePolicyListSchema,
  lateFeePolicySchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { deleteLateFeePolicy, LATE_FEE_POLICY, listLateFeePolicies, saveLateFeePolicy } from './late-fees.service.js';

const tags = ['adjustments'];

/** How a school charges late fees: its default and each fee's own policy. The daily job charges them. */
export const lateFeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/late-fee-policies',
    {
      preValidation: authorize('fees.view'),
      schema: {
        summary: 'List late-fee policies',
        description: 'The defaults and fee policies of your schools, narrowed to one school.',
        tags,
        querystring: lateFeePolicyListQuerySchema,
        response: responses(lateFeePolicyListSchema),
      },
    },
    async (request) => ok(LATE_FEE_POLICY.loaded, await listLateFeePolicies(app.ctx, authOf(request), request.query)),
  );
  app.put(
    '/late-fee-policies',
    {
      preValidation: authorize('adjustments.manage'),
      schema: {
        summary: 'Set a late-fee policy',
        description:
          'The school’s default (no fee) or one fee’s own, replacing the one there was. The fee must be of that school (404 otherwise).',
        tags,
        body: lateFeePolicyInputSchema,
        response: responses(lateFeePolicySchema),
      },
    },
    async (request) =>
      ok(LATE_FEE_POLICY.saved, await saveLateFeePolicy(app.ctx, authOf(request), request.body, actorOf(request))),
  );
  app.delete(
    '/late-fee-policies/:id',
    {
      preValidation: authorize('adjustments.manage'),
      schema: {
        summary: 'Delete a late-fee policy',
        description: 'Only one that has charged nothing (409 otherwise: switch it off instead).',
        tags,
        params: idParamsSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await deleteLateFeePolicy(app.ctx, authOf(request), request.params.id, actorOf(request));
      return ok(LATE_FEE_POLICY.deleted, null);
    },
  );
};
