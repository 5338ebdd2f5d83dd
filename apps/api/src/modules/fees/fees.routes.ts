import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../plugins/auth.js';

export const feeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
};
