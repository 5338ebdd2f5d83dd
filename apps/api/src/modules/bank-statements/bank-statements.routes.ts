import {
  bankStatementColumnsSchema,
  bankStatementImportSchema,
  bankStatementLineSchema,
  bankStatementLinesQuerySchema,
  bankStatementLinesSchema,
  bankStatementUploadFieldsSchema,
  confirmBankLineInputSchema,
  idParamsSchema,
  MSG,
  rejectBankLineInputSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/errors.js';
import { filePart, multipartBody, ok, responses } from '../../lib/http.js';
import { parseOrThrow } from '../../lib/validation.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { readMultipart } from '../files/image-upload.js';
import { confirmLine, importStatement, listLines, rejectLine, statementColumns } from './bank-statements.service.js';

const tags = ['bank statements'];
const FORMATS = 'CSV or Excel (.xlsx) as the bank exports it, SWIFT MT940, or ISO 20022 camt.053 (XML)';

/** The school account's statements: uploaded, matched to students, credited once. */
export const bankStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.post(
    '/bank-statements',
    {
      preValidation: authorize('payments.confirmTransfer'),
      schema: {
        summary: "Upload the school account's bank statement",
        description: `${FORMATS}. Lines imported before (overlapping periods) are recognised and left alone. Each credit is matched: a transfer claim whose amount and day agree and whose reference or payment code is in the narration, or a student's payment code, is credited at once (each fee its own receipt); anything less certain waits for review with up to three candidates. Debits, reversals and providers' settlements are set aside. 422 on a file that is not a statement, with what to upload instead.`,
        tags,
        ...multipartBody(bankStatementUploadFieldsSchema.extend({ file: filePart(`The statement: ${FORMATS}`) })),
        response: responses(bankStatementImportSchema),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const form = await readMultipart(request, 'file', MSG.fileTooLarge);
      const fields = parseOrThrow(bankStatementUploadFieldsSchema, form.fields);
      assertSchoolInScope(auth.scope, fields.school_id);
      if (!form.file) throw fieldError('file', 'Please choose the statement file');
      const result = await importStatement({
        ctx: app.ctx,
        auth,
        schoolId: fields.school_id,
        file: form.file,
        mapping: fields.mapping,
        actor: actorOf(request),
      });
      return ok(`${result.lines} lines read, ${result.confirmed} credited`, result);
    },
  );

  app.post(
    '/bank-statements/columns',
    {
      preValidation: authorize('payments.confirmTransfer'),
      schema: {
        summary: "A CSV or Excel statement's first rows, to choose its columns",
        description:
          "For the mapping screen, when an upload answers 422 STATEMENT_COLUMNS_NEEDED: the file's first 40 rows and the mapping that would read it (the account's saved one, else the one its headers suggest, else null). Nothing is stored; the upload with the chosen `mapping` saves it for the account.",
        tags,
        ...multipartBody(
          bankStatementUploadFieldsSchema
            .pick({ school_id: true })
            .extend({ file: filePart(`The statement: ${FORMATS}`) }),
        ),
        response: responses(bankStatementColumnsSchema),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const form = await readMultipart(request, 'file', MSG.fileTooLarge);
      const fields = parseOrThrow(bankStatementUploadFieldsSchema.pick({ school_id: true }), form.fields);
      assertSchoolInScope(auth.scope, fields.school_id);
      if (!form.file) throw fieldError('file', 'Please choose the statement file');
      return ok(
        'Statement columns read',
        await statementColumns({ ctx: app.ctx, schoolId: fields.school_id, file: form.file }),
      );
    },
  );

  app.get(
    '/bank-statements/lines',
    {
      preValidation: authorize('payments.confirmTransfer'),
      schema: {
        summary: "The school's statement lines in one state",
        description: 'Newest first, at most 500, with how many lines are in each state.',
        tags,
        querystring: bankStatementLinesQuerySchema,
        response: responses(bankStatementLinesSchema),
      },
    },
    async (request) => {
      assertSchoolInScope(authOf(request).scope, request.query.school_id);
      return ok('Statement lines loaded', await listLines(app.ctx, request.query.school_id, request.query.status));
    },
  );

  app.post(
    '/bank-statements/lines/:id/confirm',
    {
      preValidation: authorize('payments.confirmTransfer'),
      schema: {
        summary: 'Credit a statement line',
        description:
          "`claim_id`: the transfer claim is confirmed with the line as its evidence. `student_id`: the student's owed fees are paid oldest first, each its own receipt; beyond everything owed goes to the family's credit (409 AMOUNT_ABOVE_OUTSTANDING without a parent, or when nothing is owed). 409 BANK_LINE_DECIDED for a line already credited or set aside.",
        tags,
        params: idParamsSchema,
        body: confirmBankLineInputSchema,
        response: responses(bankStatementLineSchema),
      },
    },
    async (request) =>
      ok(
        'Statement line credited',
        await confirmLine({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          id: request.params.id,
          choice: request.body,
        }),
      ),
  );

  app.post(
    '/bank-statements/lines/:id/reject',
    {
      preValidation: authorize('payments.confirmTransfer'),
      schema: {
        summary: "Turn down a statement line's suggestions",
        description:
          'The line moves to the unmatched list with the reason, to be credited later to a student found by hand.',
        tags,
        params: idParamsSchema,
        body: rejectBankLineInputSchema,
        response: responses(bankStatementLineSchema),
      },
    },
    async (request) =>
      ok(
        'Statement line left unmatched',
        await rejectLine({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          id: request.params.id,
          reason: request.body.reason ?? null,
        }),
      ),
  );
};
