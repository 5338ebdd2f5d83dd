import {
  budgetInputSchema,
  budgetQuerySchema,
  budgetReportSchema,
  expensePolicyInputSchema,
  expensePolicyQuerySchema,
  expensePolicySchema,
  idParamsSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import {
  BUDGET,
  deleteBudget,
  getBudgetReport,
  getExpensePolicy,
  saveBudget,
  saveExpensePolicy,
} from './budgets.service.js';

const tags = ['budgets'];
const params = idParamsSchema;

/** Budgets against actual spending, and the approval threshold. */
export const budgetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/budgets',
    {
      preValidation: authorize('expenses.view'),
      schema: {
        summary: "A school's budgets against actual spending",
        description:
          'Per category for a term (the school’s current term unless one is chosen): the budget, actual spending (payouts net of reversals on the term’s expenses), what is committed (approved, not yet paid) and how much of the budget is used.',
        tags,
        querystring: budgetQuerySchema,
        response: responses(budgetReportSchema),
      },
    },
    async (request) => ok(BUDGET.loaded, await getBudgetReport(app.ctx, authOf(request), request.query)),
  );
  app.put(
    '/budgets',
    {
      preValidation: authorize('expenses.manage'),
      schema: {
        summary: "Set a category's budget for a term",
        description:
          'Creates or changes the budget of a school, term and category. Reaching 80% and 100% of it alerts the bursars, principal and proprietors once each.',
        tags,
        body: budgetInputSchema,
        response: responses(budgetReportSchema),
      },
    },
    async (request) => ok(BUDGET.saved, await saveBudget(app.ctx, authOf(request), request.body, actorOf(request))),
  );
  app.delete(
    '/budgets/:id',
    {
      preValidation: authorize('expenses.manage'),
      schema: {
        summary: 'Remove a budget',
        description: 'Returns the budgets of the same school and term after the removal.',
        tags,
        params,
        response: responses(budgetReportSchema),
      },
    },
    async (request) =>
      ok(BUDGET.deleted, await deleteBudget(app.ctx, authOf(request), request.params.id, actorOf(request))),
  );

  app.get(
    '/expense-policies',
    {
      preValidation: authorize('expenses.view'),
      schema: {
        summary: "A school's approval threshold",
        description: 'Expenses above this amount need the proprietor’s approval; none: any approver may approve.',
        tags,
        querystring: expensePolicyQuerySchema,
        response: responses(expensePolicySchema),
      },
    },
    async (request) =>
      ok(BUDGET.policyLoaded, await getExpensePolicy(app.ctx, authOf(request), request.query.school_id)),
  );
  app.put(
    '/expense-policies/:id',
    {
      preValidation: authorize('expenses.manage'),
      schema: {
        summary: "Change a school's approval threshold",
        description: 'The id is the school’s. Only a proprietor or an administrator may change it (403 otherwise).',
        tags,
        params,
        body: expensePolicyInputSchema,
        response: responses(expensePolicySchema),
      },
    },
    async (request) =>
      ok(
        BUDGET.policySaved,
        await saveExpensePolicy(app.ctx, authOf(request), request.params.id, request.body, actorOf(request)),
      ),
  );
};
