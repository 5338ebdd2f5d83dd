import {
  can,
  mySettingsSchema,
  receiptSettingsQuerySchema,
  receiptSettingsSchema,
  settingsQuerySchema,
  settingsSectionParamsSchema,
  settingsUpdateSchema,
  settingsViewSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors.js';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { mySettings, receiptSettings, saveSection, viewSettings } from './settings.service.js';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['settings'];
  app.addHook('onRequest', authenticate);

  app.get(
    '/settings/mine',
    {
      // The first-sign-in form that replaces a temporary password needs the minimum length too.
      config: { beforePasswordChange: true },
      schema: {
        summary: 'Get the settings my browser applies',
        description:
          'For any signed-in user: the session timeout, the minimum password length, the default theme, ' +
          'whole-naira display and the date format of their school and group; without a school, the defaults.',
        tags,
        response: responses(mySettingsSchema),
      },
    },
    async (request) => ok('Settings loaded', await mySettings(app.ctx, authOf(request))),
  );

  app.get(
    '/settings/receipt',
    {
      preValidation: async (request) => {
        const { roles } = authOf(request);
        if (!can(roles, 'payments.view') && !can(roles, 'payments.cash')) throw forbidden();
      },
      schema: {
        summary: 'Get what a school prints on its receipts',
        description:
          'The contact line (General Settings, else the school record) and the receipt footer, for staff who ' +
          'take or view payments in that school; the receipt on screen prints them as the PDF does.',
        tags,
        querystring: receiptSettingsQuerySchema,
        response: responses(receiptSettingsSchema),
      },
    },
    async (request) =>
      ok('Receipt settings loaded', await receiptSettings(app.ctx, authOf(request), request.query.schoolId)),
  );

  app.get(
    '/settings',
    {
      preValidation: authorize('settings.view'),
      schema: {
        summary: 'Get the settings in effect for a school or a group',
        description:
          'Each section with the level its values come from (default, deployment, group or school) and ' +
          'whether the caller may save it: for `schoolId`, else `groupSchoolId` (the super-admin, who has no ' +
          'group of their own, names one), else the caller’s own group. A school or group outside the ' +
          'caller’s answers 404.',
        tags,
        querystring: settingsQuerySchema,
        response: responses(settingsViewSchema),
      },
    },
    async (request) => ok('Settings loaded', await viewSettings(app.ctx, authOf(request), request.query)),
  );

  app.put(
    '/settings/:section',
    {
      preValidation: authorize('settings.manage'),
      schema: {
        summary: 'Save one section of the settings',
        description:
          'Backup is saved for the whole installation; security, notifications and appearance for the group ' +
          '(of `schoolId` when given, else `groupSchoolId`, else the caller’s own); general for the group, or with `level: school` the contact details and ' +
          'receipt footer of `schoolId` alone. Only the values sent change. Takes effect from the next request.',
        tags,
        params: settingsSectionParamsSchema,
        body: settingsUpdateSchema,
        response: responses(settingsViewSchema),
      },
    },
    async (request) =>
      ok(
        'Settings saved successfully!',
        await saveSection(app.ctx, authOf(request), request.params.section, request.body, actorOf(request)),
      ),
  );
};
