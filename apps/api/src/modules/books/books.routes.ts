import {
  bookStudentSearchQuerySchema,
  bookStudentSearchSchema,
  generalLedgerExportQuerySchema,
  generalLedgerQuerySchema,
  generalLedgerSchema,
  idParamsSchema,
  journalExportQuerySchema,
  ledgerAccountCreateSchema,
  ledgerAccountListQuerySchema,
  ledgerAccountListSchema,
  ledgerAccountMappingInputSchema,
  ledgerAccountSchema,
  ledgerAccountUpdateSchema,
  ledgerIntegrityQuerySchema,
  ledgerIntegritySchema,
  periodCloseInputSchema,
  periodCloseQuerySchema,
  periodClosesSchema,
  studentAccountExportQuerySchema,
  studentAccountQuerySchema,
  studentAccountSchema,
  trialBalanceExportQuerySchema,
  trialBalanceQuerySchema,
  trialBalanceSchema,
} from '@schoolledger/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileResponses, ok, responses } from '../../lib/http.js';
import { TABLE_CONTENT_TYPES } from '../../lib/tabular/index.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { BOOKS, getGeneralLedger, getStudentAccount, getTrialBalance, searchBookStudents } from './books.service.js';
import { type BooksFile, generalLedgerFile, studentAccountFile, trialBalanceFile } from './books-files.service.js';
import { CHART, createAccount, editAccount, listAccounts, mapAccount } from './chart.service.js';
import { checkBooksNow, INTEGRITY, lastBooksCheck } from './integrity.service.js';
import { exportJournal, type JournalFile } from './journal-export.service.js';
import { CLOSES, closePeriod, listCloses } from './period-close.service.js';

const tags = ['books'];
const FILE_TYPES = Object.values(TABLE_CONTENT_TYPES);
const READERS =
  'Admin, Proprietor, Bursar, Auditor and Accountant, each within their schools (a Proprietor their group).';
const PERIOD =
  'The period is `from` to `to`, Lagos calendar days, both included: by default the year to date. Amounts are naira.';

const sendFile = (reply: FastifyReply, file: BooksFile | JournalFile) =>
  reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);

/** The books: chart of accounts, trial balance, general ledger, students' accounts, exports, closes and the integrity check. */
export const booksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const read = { preValidation: authorize('books.view') };
  const manage = { preValidation: authorize('books.manage') };

  /* Chart of accounts */

  app.get(
    '/books/accounts',
    {
      ...read,
      schema: {
        summary: "List a school's chart of accounts",
        description: `Every account by code, with its name in each accounting package the journal is exported for (null: the export uses its code or name). ${READERS}`,
        tags,
        querystring: ledgerAccountListQuerySchema,
        response: responses(ledgerAccountListSchema),
      },
    },
    async (request) =>
      ok(CHART.loaded, await listAccounts({ ctx: app.ctx, auth: authOf(request), schoolId: request.query.school_id })),
  );
  app.post(
    '/books/accounts',
    {
      ...manage,
      schema: {
        summary: 'Add an account to a chart',
        description:
          "An account of the school's own, with a code no other account of the school has (409 LEDGER_ACCOUNT_CODE_TAKEN). Admin and Accountant.",
        tags,
        body: ledgerAccountCreateSchema,
        response: responses(ledgerAccountSchema),
      },
    },
    async (request) =>
      ok(
        CHART.created,
        await createAccount({ ctx: app.ctx, auth: authOf(request), actor: actorOf(request), input: request.body }),
      ),
  );
  app.patch(
    '/books/accounts/:id',
    {
      ...manage,
      schema: {
        summary: 'Rename or recode an account',
        description:
          'Its type and school never change, and the money posted to it stays where it is. The code must stay unique in the school (409 LEDGER_ACCOUNT_CODE_TAKEN). Admin and Accountant.',
        tags,
        params: idParamsSchema,
        body: ledgerAccountUpdateSchema,
        response: responses(ledgerAccountSchema),
      },
    },
    async (request) =>
      ok(
        CHART.updated,
        await editAccount({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          accountId: request.params.id,
          change: request.body,
        }),
      ),
  );
  app.put(
    '/books/accounts/:id/mappings',
    {
      ...manage,
      schema: {
        summary: "Set an account's name in an accounting package",
        description:
          "What the journal export for that package calls the account; empty or null goes back to the account's code (Xero, Sage) or name (QuickBooks, Zoho Books). Admin and Accountant.",
        tags,
        params: idParamsSchema,
        body: ledgerAccountMappingInputSchema,
        response: responses(ledgerAccountSchema),
      },
    },
    async (request) =>
      ok(
        CHART.mapped,
        await mapAccount({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          accountId: request.params.id,
          mapping: request.body,
        }),
      ),
  );

  /* Trial balance, general ledger, students' accounts */

  app.get(
    '/books/trial-balance',
    {
      ...read,
      schema: {
        summary: 'Get a trial balance',
        description: `One school's accounts, or without \`school_id\` every school you read, the same account of several schools summed by code, name and type. Per account the opening balance, the period's debits and credits and the closing balance in its column; debits equal credits. ${PERIOD} ${READERS}`,
        tags,
        querystring: trialBalanceQuerySchema,
        response: responses(trialBalanceSchema),
      },
    },
    async (request) =>
      ok(BOOKS.trialBalance, await getTrialBalance({ ctx: app.ctx, auth: authOf(request), query: request.query })),
  );
  app.get(
    '/books/trial-balance/export',
    {
      ...read,
      schema: {
        summary: 'Export a trial balance',
        description: `The same trial balance as CSV, Excel or PDF on the school's letterhead. The export is recorded in the trail. ${PERIOD} ${READERS}`,
        tags,
        querystring: trialBalanceExportQuerySchema,
        response: fileResponses('The trial balance', FILE_TYPES),
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await trialBalanceFile({ ctx: app.ctx, auth: authOf(request), actor: actorOf(request), query: request.query }),
      ),
  );
  app.get(
    '/books/general-ledger',
    {
      ...read,
      schema: {
        summary: "Get an account's general ledger",
        description: `The account's lines of the period oldest first, each with the running balance, a page at a time (\`nextCursor\`); the opening and closing balances and the totals cover the whole period. ${PERIOD} ${READERS}`,
        tags,
        querystring: generalLedgerQuerySchema,
        response: responses(generalLedgerSchema),
      },
    },
    async (request) =>
      ok(BOOKS.generalLedger, await getGeneralLedger({ ctx: app.ctx, auth: authOf(request), query: request.query })),
  );
  app.get(
    '/books/general-ledger/export',
    {
      ...read,
      schema: {
        summary: "Export an account's general ledger",
        description: `Every line of the period as CSV, Excel or PDF; at most 50,000 lines (422 EXPORT_TOO_LARGE above: narrow the dates). The export is recorded in the trail. ${PERIOD} ${READERS}`,
        tags,
        querystring: generalLedgerExportQuerySchema,
        response: fileResponses('The general ledger', FILE_TYPES),
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await generalLedgerFile({ ctx: app.ctx, auth: authOf(request), actor: actorOf(request), query: request.query }),
      ),
  );
  app.get(
    '/books/students',
    {
      ...read,
      schema: {
        summary: 'Find a student whose account to read',
        description: `Students of your schools (or the school named) whose name or registration number holds \`search\`, at most 20. ${READERS}`,
        tags,
        querystring: bookStudentSearchQuerySchema,
        response: responses(bookStudentSearchSchema),
      },
    },
    async (request) =>
      ok(BOOKS.students, await searchBookStudents({ ctx: app.ctx, auth: authOf(request), query: request.query })),
  );
  app.get(
    '/books/students/:id/account',
    {
      ...read,
      schema: {
        summary: "Get a student's account",
        description: `What the student was charged, reduced, paid and refunded, from the journal's lines on fees receivable, with the running balance they owe. ${PERIOD} ${READERS}`,
        tags,
        params: idParamsSchema,
        querystring: studentAccountQuerySchema,
        response: responses(studentAccountSchema),
      },
    },
    async (request) =>
      ok(
        BOOKS.studentAccount,
        await getStudentAccount({
          ctx: app.ctx,
          auth: authOf(request),
          studentId: request.params.id,
          query: request.query,
        }),
      ),
  );
  app.get(
    '/books/students/:id/account/export',
    {
      ...read,
      schema: {
        summary: "Export a student's account",
        description: `The same account as CSV, Excel or PDF. The export is recorded in the trail. ${PERIOD} ${READERS}`,
        tags,
        params: idParamsSchema,
        querystring: studentAccountExportQuerySchema,
        response: fileResponses("The student's account", FILE_TYPES),
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await studentAccountFile({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          studentId: request.params.id,
          query: request.query,
        }),
      ),
  );

  /* The journal */

  app.get(
    '/books/journal/export',
    {
      ...read,
      schema: {
        summary: "Export a school's journal for an accounting package",
        description: `Every entry of the period, streamed. \`quickbooks\`, \`xero\`, \`sage\` and \`zoho\` are CSV files laid out for each package's journal import, naming each account as the school mapped it for that package, else by its name (QuickBooks, Zoho Books) or code (Xero, Sage); dates day first (Zoho: YYYY-MM-DD). Lines name no customer, so map fees receivable to an asset account that needs none. Large periods may need splitting for packages that cap an import's size. \`hledger\` is the plain-text journal that ledger and hledger read. The export is recorded in the trail. ${PERIOD} ${READERS}`,
        tags,
        querystring: journalExportQuerySchema,
        response: fileResponses('The journal', ['text/csv', 'text/plain']),
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await exportJournal({ ctx: app.ctx, auth: authOf(request), actor: actorOf(request), query: request.query }),
      ),
  );

  /* Period close */

  app.get(
    '/books/closes',
    {
      ...read,
      schema: {
        summary: "List a school's period closes",
        description: `The latest day the books are closed through (nothing can be posted on or before it) and every close, newest first. ${READERS}`,
        tags,
        querystring: periodCloseQuerySchema,
        response: responses(periodClosesSchema),
      },
    },
    async (request) =>
      ok(CLOSES.loaded, await listCloses({ ctx: app.ctx, auth: authOf(request), schoolId: request.query.school_id })),
  );
  app.post(
    '/books/closes',
    {
      ...manage,
      schema: {
        summary: "Close a school's books through a day",
        description:
          'After the last close (409 PERIOD_ALREADY_CLOSED otherwise) and not after today (422). From then on nothing is posted on or before that day: money that moves later for it counts on the first open day, and a correction is posted in the open period. A close cannot be undone. Admin and Accountant.',
        tags,
        body: periodCloseInputSchema,
        response: responses(periodClosesSchema),
      },
    },
    async (request) =>
      ok(
        CLOSES.closed,
        await closePeriod({ ctx: app.ctx, auth: authOf(request), actor: actorOf(request), input: request.body }),
      ),
  );

  /* Integrity */

  app.get(
    '/books/integrity',
    {
      ...read,
      schema: {
        summary: 'Get the last check of the books',
        description: `Whether the journal agreed, at its last check, with the payments, adjustments, family credit and payouts it was posted from, and every entry balanced, in your schools (or the school named). The check runs daily and whenever asked. ${READERS}`,
        tags,
        querystring: ledgerIntegrityQuerySchema,
        response: responses(ledgerIntegritySchema),
      },
    },
    async (request) =>
      ok(
        INTEGRITY.loaded,
        await lastBooksCheck({ ctx: app.ctx, auth: authOf(request), schoolId: request.query.school_id }),
      ),
  );
  app.post(
    '/books/integrity/run',
    {
      ...read,
      schema: {
        summary: 'Check the books now',
        description: `Runs the check over your schools (or the school named) and answers with its result. Each school's result is recorded in its trail; where anything disagrees its auditors and ICT administrators are told. ${READERS}`,
        tags,
        querystring: ledgerIntegrityQuerySchema,
        response: responses(ledgerIntegritySchema),
      },
    },
    async (request) => {
      const result = await checkBooksNow({
        ctx: app.ctx,
        auth: authOf(request),
        actor: actorOf(request),
        schoolId: request.query.school_id,
      });
      return ok(result.agrees ? INTEGRITY.agrees : INTEGRITY.disagrees, result);
    },
  );
};
