import {
  EMAIL_MESSAGES,
  emailConfigInputSchema,
  emailConfigSchema,
  emailGroupQuerySchema,
  emailPreviewSchema,
  emailStatsQuerySchema,
  emailStatsSchema,
  emailTemplateCreateSchema,
  emailTemplateDraftSchema,
  emailTemplateParamsSchema,
  emailTemplateSchema,
  emailTemplateUpdateSchema,
  emailTestInputSchema,
  emailTestResultSchema,
  errorResponseSchema,
  outboxEntrySchema,
  sendBulkInputSchema,
  sendEmailInputSchema,
  sendEmailResultSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { listOutbox } from './email.queries.js';
import { emailStats, getEmailConfig, saveEmailConfig, sendEmails, sendTestEmail } from './email.service.js';
import { listTemplates, previewTemplate, resetTemplate, saveTemplate } from './email-templates.service.js';

const HIDDEN = 'This email holds a password-reset link; only the system administrator can read it here.';
const tags = ['email'];
const configure = { preValidation: authorize('email.configure') };
const send = { preValidation: authorize('email.send') };

export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/email/outbox',
    {
      preValidation: authorize('email.outbox.view'),
      schema: {
        summary: 'List recent emails in the outbox',
        tags,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: responses(z.array(outboxEntrySchema)),
      },
    },
    async (request) => {
      const { scope } = authOf(request);
      const rows = await listOutbox(app.ctx.db, scope, request.query.limit);
      return ok(
        'Outbox loaded',
        rows.map((row) => ({
          _id: row.id,
          to: row.to,
          subject: row.subject,
          // A school's staff could otherwise read the reset link of someone above them.
          text: row.sensitive && scope.kind !== 'all' ? HIDDEN : row.text,
          templateId: row.templateId,
          status: row.status,
          attempts: row.attempts,
          lastError: row.lastError,
          nextAttemptAt: row.status === 'retrying' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
      );
    },
  );

  app.get(
    '/email/config',
    {
      ...configure,
      schema: {
        summary: "Get the school group's SMTP settings (never the password)",
        description: 'Without saved settings: the defaults (smtp.zoho.com, 587, not secure) with configured false.',
        tags,
        querystring: emailGroupQuerySchema,
        response: responses(emailConfigSchema),
      },
    },
    async (request) =>
      ok('Email configuration loaded', await getEmailConfig(app.ctx, authOf(request), request.query.group_school_id)),
  );

  app.put(
    '/email/config',
    {
      ...configure,
      schema: {
        summary: "Save the school group's SMTP settings",
        description: 'A password left out keeps the saved one. The password is stored encrypted.',
        tags,
        body: emailConfigInputSchema,
        response: responses(emailConfigSchema),
      },
    },
    async (request) =>
      ok(EMAIL_MESSAGES.configUpdated, await saveEmailConfig(app.ctx, authOf(request), actorOf(request), request.body)),
  );

  app.post(
    '/email/test',
    {
      ...configure,
      schema: {
        summary: "Send a test email through the group's saved SMTP settings",
        description: "ok false carries the SMTP server's error.",
        tags,
        body: emailTestInputSchema,
        response: responses(emailTestResultSchema),
      },
    },
    async (request) => {
      const result = await sendTestEmail(app.ctx, authOf(request), request.body);
      return ok(result.message, result);
    },
  );

  app.get(
    '/email/templates',
    {
      ...configure,
      schema: {
        summary: 'List the email templates as the group sends them',
        tags,
        querystring: emailGroupQuerySchema,
        response: responses(z.array(emailTemplateSchema)),
      },
    },
    async (request) =>
      ok('Email templates loaded', await listTemplates(app.ctx, authOf(request), request.query.group_school_id)),
  );

  app.post(
    '/email/templates',
    {
      ...configure,
      schema: {
        summary: "Create the group's own wording of a template",
        tags,
        body: emailTemplateCreateSchema,
        response: responses(emailTemplateSchema),
      },
    },
    async (request) => {
      const saved = await saveTemplate(app.ctx, authOf(request), actorOf(request), request.body, 'create');
      return ok('Email template created successfully!', saved.template);
    },
  );

  app.put(
    '/email/templates/:id',
    {
      ...configure,
      schema: {
        summary: "Update the group's own wording of a template",
        tags,
        params: emailTemplateParamsSchema,
        body: emailTemplateUpdateSchema,
        response: responses(emailTemplateSchema),
      },
    },
    async (request) => {
      const saved = await saveTemplate(
        app.ctx,
        authOf(request),
        actorOf(request),
        { ...request.body, templateId: request.params.id },
        'update',
      );
      return ok('Email template updated successfully!', saved.template);
    },
  );

  app.delete(
    '/email/templates/:id',
    {
      ...configure,
      schema: {
        summary: 'Reset a template to the built-in wording',
        tags,
        params: emailTemplateParamsSchema,
        querystring: emailGroupQuerySchema,
        response: responses(emailTemplateSchema),
      },
    },
    async (request) =>
      ok(
        'Email template reset to the built-in wording',
        await resetTemplate(
          app.ctx,
          authOf(request),
          actorOf(request),
          request.params.id,
          request.query.group_school_id,
        ),
      ),
  );

  app.post(
    '/email/templates/:id/preview',
    {
      ...configure,
      schema: {
        summary: 'Render a draft template with sample values',
        tags,
        params: emailTemplateParamsSchema,
        body: emailTemplateDraftSchema,
        response: responses(emailPreviewSchema),
      },
    },
    async (request) => ok('Preview rendered', previewTemplate(app.ctx, request.body)),
  );

  const sendResponses = { ...responses(sendEmailResultSchema), 429: errorResponseSchema };

  app.post(
    '/email/send',
    {
      ...send,
      schema: {
        summary: 'Queue an email to a member of your school',
        tags,
        body: sendEmailInputSchema,
        response: sendResponses,
      },
    },
    async (request) =>
      ok('Email queued', await sendEmails(app.ctx, authOf(request), actorOf(request), [request.body], () => 'to')),
  );

  app.post(
    '/email/send-bulk',
    {
      ...send,
      schema: {
        summary: 'Queue up to 100 emails to members of your school',
        tags,
        body: sendBulkInputSchema,
        response: sendResponses,
      },
    },
    async (request) =>
      ok(
        'Emails queued',
        await sendEmails(app.ctx, authOf(request), actorOf(request), request.body.emails, (i) => `emails.${i}.to`),
      ),
  );

  app.get(
    '/email/stats',
    {
      ...configure,
      schema: {
        summary: 'Email statistics from the outbox',
        description:
          'Counts the outbox rows of your schools queued between from and to (whole days, Lagos time). bounceRate is always 0: bounces are not received back.',
        tags,
        querystring: emailStatsQuerySchema,
        response: responses(emailStatsSchema),
      },
    },
    async (request) => ok('Email statistics loaded', await emailStats(app.ctx, authOf(request), request.query)),
  );
};
