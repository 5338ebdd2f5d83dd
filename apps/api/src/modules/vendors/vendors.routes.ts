import {
  idParamsSchema,
  vendorInputSchema,
  vendorListQuerySchema,
  vendorListSchema,
  vendorSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { createVendor, listVendorPage, updateVendor, VENDOR } from './vendors.service.js';

const tags = ['vendors'];

/** The group's vendors and their bank details. */
export const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/vendors',
    {
      preValidation: authorize('expenses.view'),
      schema: {
        summary: 'List vendors',
        description:
          "The vendors of your group by name (every group's for the super-admin), active ones unless `include_inactive=true`; each with what your schools have paid it, net of reversals.",
        tags,
        querystring: vendorListQuerySchema,
        response: responses(vendorListSchema),
      },
    },
    async (request) => ok(VENDOR.loaded, await listVendorPage(app.ctx, authOf(request), request.query)),
  );
  app.post(
    '/vendors',
    {
      preValidation: authorize('expenses.manage'),
      schema: {
        summary: 'Add a vendor',
        description:
          'To your group (the super-admin names the group). The account number must be a NUBAN whose check digit fits the bank; a name the group already has is a 409 on `name`.',
        tags,
        body: vendorInputSchema,
        response: responses(vendorSchema),
      },
    },
    async (request) => ok(VENDOR.created, await createVendor(app.ctx, authOf(request), request.body, actorOf(request))),
  );
  app.patch(
    '/vendors/:id',
    {
      preValidation: authorize('expenses.manage'),
      schema: {
        summary: 'Edit a vendor',
        description:
          'Its details, bank account or whether it can still be paid; its group stays. A change of bank details is recorded on the audit trail as `vendor.bank_details`.',
        tags,
        params: idParamsSchema,
        body: vendorInputSchema,
        response: responses(vendorSchema),
      },
    },
    async (request) =>
      ok(
        VENDOR.updated,
        await updateVendor(app.ctx, authOf(request), request.params.id, request.body, actorOf(request)),
      ),
  );
};
