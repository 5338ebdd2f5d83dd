import {
  availableMethodListSchema,
  availableMethodsQuerySchema,
  availableMethodsSchema,
  connectionTestInputSchema,
  connectionTestResultSchema,
  idSchema,
  paymentProfileInputSchema,
  paymentProfileSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import {
  availableMethods,
  getPaymentProfile,
  listPaymentProfiles,
  PROFILE,
  savePaymentProfile,
  testProviderConnection,
} from './payment-profiles.service.js';

const tags = ['payment configuration'];
const configure = { onRequest: [authenticate], preValidation: [authorize('payments.configure')] };

export const paymentProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/paymentprofile/all',
    {
      ...configure,
      schema: { summary: 'List payment profiles', tags, response: responses(z.array(paymentProfileSchema)) },
    },
    async (request) => ok('Payment profiles loaded', await listPaymentProfiles(app.ctx, authOf(request))),
  );

  app.get(
    '/paymentprofile/:school_id',
    {
      ...configure,
      schema: {
        summary: 'Get the payment profile of a school',
        tags,
        params: z.object({ school_id: idSchema }),
        response: responses(paymentProfileSchema),
      },
    },
    async (request) =>
      ok('Payment profile loaded', await getPaymentProfile(app.ctx, authOf(request), request.params.school_id)),
  );

  // Both save the same way: create on a school that already has a profile updates it.
  for (const [method, path] of [
    ['POST', '/paymentprofile/create'],
    ['PUT', '/paymentprofile/update'],
  ] as const) {
    app.route({
      method,
      url: path,
      ...configure,
      schema: {
        summary: 'Save the payment profile of a school',
        tags,
        body: paymentProfileInputSchema,
        response: responses(paymentProfileSchema),
      },
      handler: async (request) => {
        const saved = await savePaymentProfile(app.ctx, authOf(request), request.body, actorOf(request));
        return ok(saved.created ? PROFILE.created : PROFILE.updated, saved.profile);
      },
    });
  }

  app.post(
    '/paymentprofile/test-connection',
    {
      ...configure,
      schema: {
        summary: 'Test the connection to a payment provider',
        tags,
        body: connectionTestInputSchema,
        response: responses(connectionTestResultSchema),
      },
    },
    async (request) => {
      const result = await testProviderConnection(app.ctx, authOf(request), request.body);
      return ok(result.message, result);
    },
  );

  /** The payer's dialog: the methods the school takes (SPEC §2, §7). */
  app.get(
    '/payment/available-methods',
    {
      onRequest: [authenticate],
      schema: {
        summary: 'List the payment methods a school accepts',
        tags: ['payments'],
        querystring: availableMethodsQuerySchema,
        response: responses(availableMethodsSchema),
      },
    },
    async (request) => ok('Payment methods loaded', await availableMethods(app.ctx, authOf(request), request.query)),
  );
  /** SPEC §7's client maps over `data`: the methods alone, without the installment settings. */
  app.get(
    '/payment/available-methods/:school_id',
    {
      onRequest: [authenticate],
      schema: {
        summary: 'List the payment methods a school accepts, as a plain list',
        tags: ['payments'],
        params: z.object({ school_id: idSchema }),
        querystring: availableMethodsQuerySchema.omit({ school_id: true }),
        response: responses(availableMethodListSchema),
      },
    },
    async (request) => {
      const query = { ...request.query, school_id: request.params.school_id };
      return ok('Payment methods loaded', (await availableMethods(app.ctx, authOf(request), query)).methods);
    },
  );
};
