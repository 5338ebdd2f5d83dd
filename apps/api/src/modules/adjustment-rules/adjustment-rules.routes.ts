import {
  adjustmentDecisionSchema,
  adjustmentRuleActiveSchema,
  adjustmentRuleInputSchema,
  adjustmentRuleListSchema,
  adjustmentRuleSchema,
  idParamsSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import {
  ADJUSTMENT_RULE,
  createAdjustmentRule,
  decideAdjustmentRule,
  listAdjustmentRules,
  setAdjustmentRuleActive,
} from './adjustment-rules.service.js';

const tags = ['adjustments'];
const params = idParamsSchema;

/** Sibling discounts, staff-child discounts and named scholarships: rules that adjust fees by themselves once approved. */
export const adjustmentRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/adjustment-rules',
    {
      preValidation: authorize('fees.view'),
      schema: {
        summary: 'List adjustment rules',
        description: 'Your group’s group-wide rules and your schools’ own, with how many adjustments each has made.',
        tags,
        response: responses(adjustmentRuleListSchema),
      },
    },
    async (request) => ok(ADJUSTMENT_RULE.loaded, await listAdjustmentRules(app.ctx, authOf(request))),
  );
  app.post(
    '/adjustment-rules',
    {
      preValidation: authorize('adjustments.manage'),
      schema: {
        summary: 'Propose an adjustment rule',
        description:
          'For one school, or (someone overseeing the group) every school of the group. It waits for another person to approve it.',
        tags,
        body: adjustmentRuleInputSchema,
        response: responses(adjustmentRuleSchema),
      },
    },
    async (request) =>
      ok(ADJUSTMENT_RULE.created, await createAdjustmentRule(app.ctx, authOf(request), request.body, actorOf(request))),
  );
  app.patch(
    '/adjustment-rules/:id/decision',
    {
      preValidation: authorize('adjustments.approve'),
      schema: {
        summary: 'Approve or reject an adjustment rule',
        description: 'By someone other than its author (403 otherwise); only a pending one (409).',
        tags,
        params,
        body: adjustmentDecisionSchema,
        response: responses(adjustmentRuleSchema),
      },
    },
    async (request) => {
      const rule = await decideAdjustmentRule(
        app.ctx,
        authOf(request),
        request.params.id,
        request.body,
        actorOf(request),
      );
      return ok(request.body.status === 'approved' ? ADJUSTMENT_RULE.approved : ADJUSTMENT_RULE.rejected, rule);
    },
  );
  app.patch(
    '/adjustment-rules/:id',
    {
      preValidation: authorize('adjustments.manage'),
      schema: {
        summary: 'Switch an adjustment rule on or off',
        description: 'Off stops new adjustments; those it made stay and can be reversed one by one.',
        tags,
        params,
        body: adjustmentRuleActiveSchema,
        response: responses(adjustmentRuleSchema),
      },
    },
    async (request) => {
      const { is_active } = request.body;
      const rule = await setAdjustmentRuleActive(
        app.ctx,
        authOf(request),
        request.params.id,
        is_active,
        actorOf(request),
      );
      return ok(is_active ? ADJUSTMENT_RULE.switchedOn : ADJUSTMENT_RULE.switchedOff, rule);
    },
  );
};
