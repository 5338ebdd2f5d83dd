import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  MSG,
  refreshRequestSchema,
  refreshResponseSchema,
  resetPasswordRequestSchema,
} from '@schoolledger/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, bearerToken } from '../../plugins/auth.js';
import { login, logout, refresh, requestPasswordReset, resetPassword } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['auth'];
  // Credential endpoints are the ones worth guessing at: a tighter limit, per address, than the
  // rest of the API. Guessing one account's password is stopped sooner by the lockout.
  const rateLimit = {
    max: app.ctx.config.authRateLimitPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `auth:${request.ip}`,
  };

  app.post(
    '/auth/login',
    {
      config: { rateLimit },
      schema: { summary: 'Sign in', tags, body: loginRequestSchema, response: responses(loginResponseSchema) },
    },
    async (request) => ok(MSG.loggedIn, await login(app.ctx, request.body, actorOf(request))),
  );

  app.post(
    '/auth/refresh',
    {
      config: { rateLimit },
      schema: {
        summary: 'Exchange a refresh token for new tokens',
        tags,
        body: refreshRequestSchema,
        response: responses(refreshResponseSchema),
      },
    },
    async (request) => ok('Token refreshed', await refresh(app.ctx, request.body.refreshToken)),
  );

  app.post(
    '/auth/logout',
    { schema: { summary: 'Sign out', tags, body: logoutRequestSchema, response: responses(z.null()) } },
    async (request) => {
      await logout(
        app.ctx,
        { refreshToken: request.body?.refreshToken, accessToken: bearerToken(request) },
        actorOf(request),
      );
      return ok(MSG.loggedOut, null);
    },
  );

  // Reset requests being worked on after their answer; the server finishes them before it closes.
  const resetsUnderWay = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(resetsUnderWay);
  });

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit },
      schema: {
        summary: 'Request a password reset email',
        tags,
        body: forgotPasswordRequestSchema,
        response: responses(z.null()),
      },
      // The email is looked up only once the answer has gone, known or not: the answer then takes
      // as long either way, so its timing cannot tell who has an account.
      onResponse: async (request, reply) => {
        if (reply.statusCode !== 200) return;
        const { email } = request.body;
        const actor = actorOf(request);
        const work = new Promise((resolve) => setImmediate(resolve))
          .then(() => requestPasswordReset(app.ctx, email, actor))
          .catch((err: unknown) => request.log.error({ err }, 'a password reset request could not be handled'))
          .finally(() => resetsUnderWay.delete(work));
        resetsUnderWay.add(work);
      },
    },
    async () => ok(MSG.resetEmailSent, null),
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit },
      schema: {
        summary: 'Set a new password with an emailed reset token',
        tags,
        body: resetPasswordRequestSchema,
        response: responses(z.null()),
      },
    },
    async (request) => {
      await resetPassword(app.ctx, request.body, actorOf(request));
      return ok(MSG.passwordReset, null);
    },
  );
};
