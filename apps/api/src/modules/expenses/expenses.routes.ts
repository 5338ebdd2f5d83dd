import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import {
  attachmentParamsSchema,
  EXPENSE_ATTACHMENT_KINDS,
  expenseDetailSchema,
  expenseInputSchema,
  expenseListQuerySchema,
  expenseListSchema,
  expensePayeeListSchema,
  expensePayeeQuerySchema,
  expenseTransitionSchema,
  idParamsSchema,
  payoutInputSchema,
  payoutParamsSchema,
  payoutReversalSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filePart, fileResponses, multipartBody, ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { readMultipart } from '../files/image-upload.js';
import { DOCUMENT_MIME_TYPES, DOCUMENT_TOO_LARGE } from '../files/private-documents.service.js';
import { ATTACHMENT_FIELD, inlineDisposition } from './expense-attachments.js';
import { PAYOUT, recordPayout, reversePayout } from './expense-payouts.service.js';
import { renderVoucher } from './expense-voucher.js';
import { attachmentNotFound } from './expenses.errors.js';
import {
  attachDocument,
  createExpense,
  detachDocument,
  documentOf,
  EXPENSE,
  editExpense,
  getExpense,
  listExpensePage,
  listPayees,
  transitionExpense,
} from './expenses.service.js';

const tags = ['expenses'];
const params = idParamsSchema;
const detail = responses(expenseDetailSchema);

/** Expense requests, their documents, approvals and payouts. */
export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/expenses',
    {
      preValidation: authorize('expenses.view'),
      schema: {
        summary: 'List expenses',
        description:
          'Newest first, in your schools; narrowed by school, term, status, category, vendor or a search of the title, reference and payee. `awaiting_me=true` lists the requests waiting for your decision: pending, not recorded or submitted by you, and within what your role may approve.',
        tags,
        querystring: expenseListQuerySchema,
        response: responses(expenseListSchema),
      },
    },
    async (request) => ok(EXPENSE.loaded, await listExpensePage(app.ctx, authOf(request), request.query)),
  );
  app.get(
    '/expenses/payees',
    {
      preValidation: authorize('expenses.manage'),
      schema: {
        summary: 'List the staff an expense can pay',
        description: 'The active staff of a school (everyone whose roles are more than Student or Parent), by name.',
        tags,
        querystring: expensePayeeQuerySchema,
        response: responses(expensePayeeListSchema),
      },
    },
    async (request) => ok('Payees loaded', await listPayees(app.ctx, authOf(request), request.query)),
  );
  app.get(
    '/expenses/:id',
    {
      preValidation: authorize('expenses.view'),
      schema: {
        summary: 'Get an expense',
        description: 'With its documents, its payouts and its history, oldest first.',
        tags,
        params,
        response: detail,
      },
    },
    async (request) => ok('Expense loaded', await getExpense(app.ctx, authOf(request), request.params.id)),
  );
  app.post(
    '/expenses',
    {
      preValidation: authorize('expenses.manage'),
      schema: {
        summary: 'Record an expense request',
        description:
          "A draft under the school's next reference (EXP-000001). The term must be of the session and the session of the school; a staff payee must work at the school and a vendor be an active one of its group (422 on the field otherwise).",
        tags,
        body: expenseInputSchema,
        response: detail,
      },
    },
    async (request) =>
      ok(EXPENSE.created, await createExpense(app.ctx, authOf(request), request.body, actorOf(request))),
  );
  app.patch(
    '/expenses/:id',
    {
      preValidation: authorize('expenses.manage'),
      schema: {
        summary: 'Edit a draft expense',
        description:
          'Only a draft (409 otherwise: reopen a request waiting for approval or rejected first). Its school cannot change (422 on `school_id`).',
        tags,
        params,
        body: expenseInputSchema,
        response: detail,
      },
    },
    async (request) =>
      ok(
        EXPENSE.updated,
        await editExpense(app.ctx, authOf(request), request.params.id, request.body, actorOf(request)),
      ),
  );
  app.post(
    '/expenses/:id/transitions',
    {
      preValidation: authorize('expenses.manage'),
      schema: {
        summary: 'Submit, approve, reject, reopen or cancel an expense',
        description:
          "A step allowed from the expense's status (409 EXPENSE_TRANSITION_NOT_ALLOWED otherwise). Approving and rejecting need the right to approve, and are refused to whoever recorded or submitted the request (403 OWN_EXPENSE_APPROVAL); above the school's threshold only a proprietor or the admin approves (403 EXPENSE_NEEDS_PROPRIETOR). Rejecting and cancelling need a reason.",
        tags,
        params,
        body: expenseTransitionSchema,
        response: detail,
      },
    },
    async (request) =>
      ok(
        EXPENSE.steps[request.body.action],
        await transitionExpense(app.ctx, authOf(request), request.params.id, request.body, actorOf(request)),
      ),
  );
  app.post(
    '/expenses/:id/attachments',
    {
      preValidation: authorize('expenses.manage'),
      schema: {
        summary: 'Attach a document to an expense',
        description: `multipart/form-data with the file under \`${ATTACHMENT_FIELD}\`: an image (PNG, JPEG, WebP) or a PDF, told by its content, under 5MB; and \`kind\` (invoice, quotation, receipt or other; invoice when absent). Not on a cancelled or rejected expense (409).`,
        tags,
        params,
        ...multipartBody(
          z.object({
            [ATTACHMENT_FIELD]: filePart('An image (PNG, JPEG, WebP) or a PDF under 5MB'),
            kind: z.enum(EXPENSE_ATTACHMENT_KINDS).optional(),
          }),
        ),
        response: detail,
      },
    },
    async (request) => {
      const readForm = () => readMultipart(request, ATTACHMENT_FIELD, DOCUMENT_TOO_LARGE);
      return ok(
        EXPENSE.attached,
        await attachDocument(app.ctx, authOf(request), request.params.id, readForm, actorOf(request)),
      );
    },
  );
  app.get(
    '/expenses/:id/attachments/:attachmentId',
    {
      preValidation: authorize('expenses.view'),
      schema: {
        summary: 'Get a document of an expense',
        description: 'The file as it was uploaded, under its original name.',
        tags,
        params: attachmentParamsSchema,
        response: fileResponses('The document', DOCUMENT_MIME_TYPES),
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const document = await documentOf(app.ctx, authOf(request), id, attachmentId);
      if (!(await stat(document.file).catch(() => null))) throw attachmentNotFound();
      return reply
        .header('content-type', document.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', inlineDisposition(document.fileName))
        .send(createReadStream(document.file));
    },
  );
  app.delete(
    '/expenses/:id/attachments/:attachmentId',
    {
      preValidation: authorize('expenses.manage'),
      schema: {
        summary: 'Remove a document from an expense',
        description: 'While the expense is a draft or waiting for approval (409 otherwise).',
        tags,
        params: attachmentParamsSchema,
        response: detail,
      },
    },
    async (request) => {
      const { id, attachmentId } = request.params;
      return ok(EXPENSE.detached, await detachDocument(app.ctx, authOf(request), id, attachmentId, actorOf(request)));
    },
  );
  app.post(
    '/expenses/:id/payouts',
    {
      preValidation: authorize('expenses.pay'),
      schema: {
        summary: 'Record a payout against an expense',
        description:
          "Only on an approved or partially paid expense (409 EXPENSE_NOT_PAYABLE before approval or once cancelled). Never more than remains of the approved amount (422 PAYOUT_ABOVE_REMAINING on `amount`, also on one paid in full), also when two are recorded at once; the payment date is not in the future, nor before the expense was recorded, nor in a session the school has closed, i.e. marked inactive (422 PAYOUT_DATE_NOT_ALLOWED on `paid_on`). Each payout gets the school's next voucher number (PV-000001) and keeps the payee and the bank account fixed on the expense when it was approved, whatever the vendor's details are now.",
        tags,
        params,
        body: payoutInputSchema,
        response: detail,
      },
    },
    async (request) =>
      ok(
        PAYOUT.recorded,
        await recordPayout(app.ctx, authOf(request), request.params.id, request.body, actorOf(request)),
      ),
  );
  app.post(
    '/expenses/:id/payouts/:payoutId/reverse',
    {
      preValidation: authorize('expenses.pay'),
      schema: {
        summary: 'Reverse a payout',
        description:
          'A compensating entry with the negative amount, its own voucher number, dated today and with the reason as its note; the payout stays on record. A payout is reversed once, and a reversal not at all (409 PAYOUT_ALREADY_REVERSED).',
        tags,
        params: payoutParamsSchema,
        body: payoutReversalSchema,
        response: detail,
      },
    },
    async (request) => {
      const { id, payoutId } = request.params;
      return ok(
        PAYOUT.reversed,
        await reversePayout(app.ctx, authOf(request), id, payoutId, request.body.reason, actorOf(request)),
      );
    },
  );
  app.get(
    '/expenses/:id/payouts/:payoutId/voucher',
    {
      preValidation: authorize('expenses.view'),
      schema: {
        summary: 'Download the payment voucher of a payout (PDF)',
        description:
          "On the school's letterhead: the voucher number and date, the payee and the bank account the payout went to (as kept on the payout, not the vendor's details of today), the expense, the amount in figures and in words, the method and reference, who approved and paid, and lines to sign.",
        tags,
        params: payoutParamsSchema,
        response: fileResponses('The payment voucher (PDF)', ['application/pdf']),
      },
    },
    async (request, reply) => {
      const { id, payoutId } = request.params;
      const voucher = await renderVoucher(app.ctx, authOf(request), id, payoutId, actorOf(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${voucher.voucherNo}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(voucher.pdf);
    },
  );
};
