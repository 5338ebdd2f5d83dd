import {
  deactivateVirtualAccountInputSchema,
  errorResponseSchema,
  idParamsSchema,
  myVirtualAccountsSchema,
  openAllVirtualAccountsInputSchema,
  openAllVirtualAccountsResultSchema,
  openedVirtualAccountSchema,
  openMyVirtualAccountInputSchema,
  openVirtualAccountInputSchema,
  requeryVirtualAccountInputSchema,
  requeryVirtualAccountResultSchema,
  virtualAccountCreditListSchema,
  virtualAccountCreditsQuerySchema,
  virtualAccountListQuerySchema,
  virtualAccountListSchema,
  virtualAccountSchema,
  virtualAccountSettingsInputSchema,
  virtualAccountSettingsQuerySchema,
  virtualAccountSettingsSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { listCredits } from './credits.service.js';
import { myAccounts } from './mine.service.js';
import {
  deactivate,
  getSettings,
  listSchoolAccounts,
  openAccount,
  openAllAccounts,
  openOwnAccount,
  requeryAccount,
  updateSettings,
} from './virtual-accounts.service.js';

const tags = ['virtual accounts'];
/** Routes that call Paystack answer 502 VIRTUAL_ACCOUNT_PROVIDER_FAILED when it refuses or does not answer. */
const withProviderErrors = <T extends z.ZodType>(data: T) => ({ ...responses(data), 502: errorResponseSchema });

/**
 * A family's own account number at a school (Paystack dedicated virtual accounts): the school's
 * switch, opening and closing accounts, the accounts and the money that arrived in them, and a
 * payer's own view. Money arriving is credited by the Paystack webhook (payments/online).
 */
export const virtualAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/virtual-accounts/settings',
    {
      preValidation: authorize('payments.view'),
      schema: {
        summary: "A school's virtual account switch",
        tags,
        querystring: virtualAccountSettingsQuerySchema,
        response: responses(virtualAccountSettingsSchema),
      },
    },
    async (request) =>
      ok('Virtual account settings loaded', await getSettings(app.ctx, authOf(request), request.query.school_id)),
  );

  app.put(
    '/virtual-accounts/settings',
    {
      preValidation: authorize('payments.configure'),
      schema: {
        summary: "Switch a school's virtual accounts on or off",
        description:
          "On needs the school's own Paystack secret key saved in the payment settings (422 API_KEYS_REQUIRED): accounts are opened in the school's Paystack business, never the app's. Off opens no new accounts; money sent to accounts already open is still credited.",
        tags,
        body: virtualAccountSettingsInputSchema,
        response: responses(virtualAccountSettingsSchema),
      },
    },
    async (request) =>
      ok(
        'Virtual account settings saved',
        await updateSettings({ ctx: app.ctx, auth: authOf(request), actor: actorOf(request), input: request.body }),
      ),
  );

  app.post(
    '/virtual-accounts',
    {
      preValidation: authorize('payments.configure'),
      schema: {
        summary: "Open a family's virtual account",
        description:
          "`holder_id`: a parent with a child at the school (the account is the family's: all their children's fees there), or a student of it with no parent linked (409 VIRTUAL_ACCOUNT_HOLDER_HAS_PARENT otherwise). Opened once: asking again answers the same account (`opened: false`). The account name a banking app shows carries the parent's name, or for a student the school's name and the student's payment code, never a child's name. 409 VIRTUAL_ACCOUNTS_OFF while the school's switch is off; 502 VIRTUAL_ACCOUNT_PROVIDER_FAILED when Paystack refuses or does not answer.",
        tags,
        body: openVirtualAccountInputSchema,
        response: withProviderErrors(openedVirtualAccountSchema),
      },
    },
    async (request) => {
      const result = await openAccount({
        ctx: app.ctx,
        auth: authOf(request),
        actor: actorOf(request),
        schoolId: request.body.school_id,
        holderId: request.body.holder_id,
      });
      return ok(result.opened ? 'Virtual account opened' : 'The family already has this account', result);
    },
  );

  app.post(
    '/virtual-accounts/open-all',
    {
      preValidation: authorize('payments.configure'),
      schema: {
        summary: 'Open the accounts of families that have none',
        description:
          "Up to `limit` (default 50, at most 200) of the school's families without an account, by name, one after another: the parents of its children and its students with no parent. A family Paystack refuses is listed in `failures` and the rest go on; Paystack not answering stops the batch. `remaining`: families still without an account; call again to open more.",
        tags,
        body: openAllVirtualAccountsInputSchema,
        response: withProviderErrors(openAllVirtualAccountsResultSchema),
      },
    },
    async (request) => {
      const result = await openAllAccounts({
        ctx: app.ctx,
        auth: authOf(request),
        actor: actorOf(request),
        schoolId: request.body.school_id,
        limit: request.body.limit,
      });
      return ok(`${result.opened} accounts opened, ${result.failed} failed`, result);
    },
  );

  app.get(
    '/virtual-accounts',
    {
      preValidation: authorize('payments.view'),
      schema: {
        summary: "A school's virtual accounts",
        description:
          "Newest first, with each holder; `search` matches part of the holder's name or the account number.",
        tags,
        querystring: virtualAccountListQuerySchema,
        response: responses(virtualAccountListSchema),
      },
    },
    async (request) => ok('Virtual accounts loaded', await listSchoolAccounts(app.ctx, authOf(request), request.query)),
  );

  app.get(
    '/virtual-accounts/credits',
    {
      preValidation: authorize('payments.view'),
      schema: {
        summary: "Money that arrived in a school's virtual accounts",
        description:
          "Newest first: each transfer once, with the credited payment (and receipt) of each fee it paid, what it left unplaced and why. `review`: held for a person (not naira, Paystack disagreeing with the notification, nothing owed, no parent to keep the rest); `ignored`: a number of the school's Paystack business that SchoolLedger did not open.",
        tags,
        querystring: virtualAccountCreditsQuerySchema,
        response: responses(virtualAccountCreditListSchema),
      },
    },
    async (request) => ok('Virtual account credits loaded', await listCredits(app.ctx, authOf(request), request.query)),
  );

  app.get(
    '/virtual-accounts/mine',
    {
      preValidation: authorize('payments.pay'),
      schema: {
        summary: "The caller's family account at each school of their children",
        description:
          "A parent: one entry per school their children attend that takes virtual accounts (or where the family still has one), `account` null until the school opens it. A student: their family's account at their school (their parent's, or their own when no parent is linked). With the payment code and the sentence to show beside it.",
        tags,
        response: responses(myVirtualAccountsSchema),
      },
    },
    async (request) => ok('Your virtual accounts loaded', await myAccounts(app.ctx, authOf(request))),
  );

  app.post(
    '/virtual-accounts/mine',
    {
      preValidation: authorize('payments.pay'),
      schema: {
        summary: "Open the family's own account with a BVN",
        description:
          "At a school that opens its families' accounts through Flutterwave, which opens a static account only with the BVN of the person it is for: a parent opens the family's, a student with no parent linked their own. The BVN is passed to Flutterwave once and not kept. Answers the caller's accounts. 409 VIRTUAL_ACCOUNTS_OPENED_BY_SCHOOL where the school opens them itself, VIRTUAL_ACCOUNT_HOLDER_HAS_PARENT for a student whose parent holds the family's; 502 when Flutterwave refuses.",
        tags,
        body: openMyVirtualAccountInputSchema,
        response: withProviderErrors(myVirtualAccountsSchema),
      },
    },
    async (request) => {
      const auth = authOf(request);
      await openOwnAccount({ ctx: app.ctx, auth, actor: actorOf(request), input: request.body });
      return ok('Your family account is open', await myAccounts(app.ctx, auth));
    },
  );

  app.post(
    '/virtual-accounts/:id/deactivate',
    {
      preValidation: authorize('payments.configure'),
      schema: {
        summary: 'Deactivate a virtual account',
        description:
          'Closed at Paystack, then here, with the reason. Money a parent still sends to the number is credited to the family. 409 VIRTUAL_ACCOUNT_INACTIVE when already deactivated.',
        tags,
        params: idParamsSchema,
        body: deactivateVirtualAccountInputSchema,
        response: withProviderErrors(virtualAccountSchema),
      },
    },
    async (request) =>
      ok(
        'Virtual account deactivated',
        await deactivate({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          id: request.params.id,
          reason: request.body.reason,
        }),
      ),
  );

  app.post(
    '/virtual-accounts/:id/requery',
    {
      preValidation: authorize('payments.confirmTransfer'),
      schema: {
        summary: 'Ask Paystack for the transfers of a day it did not notify',
        description:
          "For a parent who says they paid and nothing came: Paystack sends again, a moment later, the notifications of the day's transfers into the account that it has not delivered (today in Lagos unless `date` is given); each is credited once, as any other. A daily pass does the same for every active account.",
        tags,
        params: idParamsSchema,
        body: requeryVirtualAccountInputSchema.optional(),
        response: withProviderErrors(requeryVirtualAccountResultSchema),
      },
    },
    async (request) =>
      ok(
        'Paystack will send the missed notifications shortly',
        await requeryAccount({
          ctx: app.ctx,
          auth: authOf(request),
          actor: actorOf(request),
          id: request.params.id,
          day: request.body?.date,
        }),
      ),
  );
};
