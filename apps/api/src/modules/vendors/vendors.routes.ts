import {
  idParamsSchema,
  vendorBankChangeParamsSchema,
  vendorBankChangeRejectionSchema,
  vendorInputSchema,
  vendorListQuerySchema,
  vendorListSchema,
  vendorSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import {
  approveBankChange,
  createVendor,
  listVendorPage,
  rejectBankChange,
  updateVendor,
  VENDOR,
} from './vendors.service.js';

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
          "Its name, contacts and whether it can still be paid change at once; its group stays. New bank details do not: they become the vendor's `pendingBankChange` (on the audit trail as `vendor.bank_details.propose`, and the group's principals and proprietors are notified) until another approver approves them. Until then expenses are approved with, and paid into, the approved account. Sending the approved details back leaves a pending change alone; other new details replace it.",
        tags,
        params: idParamsSchema,
        body: vendorInputSchema,
        response: responses(vendorSchema),
      },
    },
    async (request) => {
      const { vendor, proposed } = await updateVendor(
        app.ctx,
        authOf(request),
        request.params.id,
        request.body,
        actorOf(request),
      );
      return ok(proposed ? VENDOR.proposed : VENDOR.updated, vendor);
    },
  );
  app.post(
    '/vendors/:id/bank-changes/:changeId/approve',
    {
      preValidation: authorize('expenses.approve'),
      schema: {
        summary: "Approve a vendor's new bank details",
        description:
          'By a principal or proprietor of the group (or the admin) other than the person who proposed them (403 OWN_VENDOR_BANK_CHANGE). The details become the ones expenses approved from now on are paid into; expenses approved before keep the account approved with them. A change already decided or replaced by a newer one is a 409 VENDOR_BANK_CHANGE_NOT_PENDING. On the audit trail as `vendor.bank_details`, with before and after.',
        tags,
        params: vendorBankChangeParamsSchema,
        response: responses(vendorSchema),
      },
    },
    async (request) => {
      const { id, changeId } = request.params;
      return ok(VENDOR.bankApproved, await approveBankChange(app.ctx, authOf(request), id, changeId, actorOf(request)));
    },
  );
  app.post(
    '/vendors/:id/bank-changes/:changeId/reject',
    {
      preValidation: authorize('expenses.manage'),
      schema: {
        summary: "Reject a vendor's new bank details",
        description:
          'By an approver, or by the person who proposed them (a withdrawal), with a reason; the approved details stay. On the audit trail as `vendor.bank_details.reject`.',
        tags,
        params: vendorBankChangeParamsSchema,
        body: vendorBankChangeRejectionSchema,
        response: responses(vendorSchema),
      },
    },
    async (request) => {
      const { id, changeId } = request.params;
      return ok(
        VENDOR.bankRejected,
        await rejectBankChange(app.ctx, authOf(request), id, changeId, request.body.reason, actorOf(request)),
      );
    },
  );
};
