import {
  bulkReminderInputSchema,
  bulkReminderPreviewSchema,
  bulkReminderResultSchema,
  idParamsSchema,
  idSchema,
  type PaymentReminder,
  paymentReminderInputSchema,
  paymentReminderListQuerySchema,
  paymentReminderListSchema,
  paymentReminderSchema,
  reminderSettingsInputSchema,
  reminderSettingsSchema,
} from '@schoolledger/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/errors.js';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import type { ReminderRow } from './reminders.queries.js';
import {
  createPaymentReminder,
  getReminderSettings,
  listPaymentReminders,
  previewFeeReminders,
  sendFeeReminders,
  sendPaymentReminder,
  updateReminderSettings,
} from './reminders.service.js';

const person = (first: string, last: string) => `${first} ${last}`;

function toReminder(row: ReminderRow): PaymentReminder {
  const { reminder } = row;
  return {
    _id: reminder.id,
    feeId: reminder.feeId,
    feeName: row.feeName,
    studentId: reminder.studentId,
    studentName: person(row.studentFirst, row.studentLast),
    recipientId: reminder.recipientId,
    recipientName: person(row.recipientFirst, row.recipientLast),
    stage: reminder.stage,
    dueDate: reminder.dueDate,
    amount: reminder.outstandingKobo,
    sent: reminder.sent,
    sentAt: reminder.sentAt?.toISOString() ?? null,
    createdAt: reminder.createdAt.toISOString(),
  };
}

const settingsQuerySchema = z.object({ school_id: idSchema.optional() });

export const reminderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const tags = ['notifications'];
  const preValidation = authorize('notifications.reminders');

  /** The school whose settings are meant: the one named, else the caller's own; never one out of scope. */
  async function settingsSchool(request: FastifyRequest, schoolId: string | undefined) {
    const auth = authOf(request);
    const id = schoolId ?? auth.schoolId;
    if (!id) throw fieldError('school_id', 'Choose a school');
    await assertSchoolExistsInScope(app.ctx.db, auth.scope, id);
    return id;
  }

  app.get(
    '/notification/payment-reminders',
    {
      preValidation,
      schema: {
        summary: 'List payment reminders of the schools in scope',
        tags,
        querystring: paymentReminderListQuerySchema,
        response: responses(paymentReminderListSchema),
      },
    },
    async (request) => {
      const { fee_id, student_id, school_id, sent, page, limit } = request.query;
      const result = await listPaymentReminders(app.ctx, authOf(request).scope, {
        feeId: fee_id,
        studentId: student_id,
        schoolId: school_id,
        sent: sent === undefined ? undefined : sent === 'true',
        page,
        limit,
      });
      return ok('Payment reminders loaded', {
        reminders: result.rows.map(toReminder),
        pagination: { page, limit, total: result.total, totalPages: Math.ceil(result.total / limit) },
      });
    },
  );

  app.post(
    '/notification/payment-reminder',
    {
      preValidation,
      schema: {
        summary: 'Create a payment reminder of one fee for a student and their parents (sent later)',
        tags,
        body: paymentReminderInputSchema,
        response: responses(z.array(paymentReminderSchema)),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const rows = await createPaymentReminder(
        app.ctx,
        auth.scope,
        { ...actorOf(request), userId: auth.userId },
        request.body,
      );
      return ok('Payment reminder created', rows.map(toReminder));
    },
  );

  app.post(
    '/notification/payment-reminders/bulk/preview',
    {
      preValidation,
      schema: {
        summary: 'What reminding everyone who owes a fee would send and cost, before it is sent',
        tags,
        body: bulkReminderInputSchema,
        response: responses(bulkReminderPreviewSchema),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const preview = await previewFeeReminders(app.ctx, auth.scope, {
        feeId: request.body.feeId,
        userId: auth.userId,
      });
      return ok('Reminder preview', preview);
    },
  );

  app.post(
    '/notification/payment-reminders/bulk',
    {
      preValidation,
      schema: {
        summary: 'Remind everyone who still owes a fee, and their parents, now (once a day per fee)',
        tags,
        body: bulkReminderInputSchema,
        response: responses(bulkReminderResultSchema),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const result = await sendFeeReminders(
        app.ctx,
        auth.scope,
        { ...actorOf(request), userId: auth.userId },
        request.body,
      );
      return ok(`Reminded ${result.people === 1 ? '1 person' : `${result.people} people`}`, result);
    },
  );

  app.post(
    '/notification/payment-reminder/:id/send',
    {
      preValidation,
      schema: {
        summary: 'Send a stored payment reminder now (once)',
        tags,
        params: idParamsSchema,
        response: responses(paymentReminderSchema),
      },
    },
    async (request) => {
      const row = await sendPaymentReminder(app.ctx, authOf(request).scope, actorOf(request), request.params.id);
      return ok('Payment reminder sent', toReminder(row));
    },
  );

  app.get(
    '/notification/reminder-settings',
    {
      preValidation,
      schema: {
        summary: 'Which automatic reminder stages a school sends',
        tags,
        querystring: settingsQuerySchema,
        response: responses(reminderSettingsSchema),
      },
    },
    async (request) =>
      ok(
        'Reminder settings loaded',
        await getReminderSettings(app.ctx, await settingsSchool(request, request.query.school_id)),
      ),
  );

  app.put(
    '/notification/reminder-settings',
    {
      preValidation,
      schema: {
        summary: 'Switch automatic reminder stages of a school on or off',
        tags,
        querystring: settingsQuerySchema,
        body: reminderSettingsInputSchema,
        response: responses(reminderSettingsSchema),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const schoolId = await settingsSchool(request, request.query.school_id);
      const settings = await updateReminderSettings(
        app.ctx,
        { ...actorOf(request), userId: auth.userId },
        schoolId,
        request.body,
      );
      return ok('Reminder settings updated', settings);
    },
  );
};
