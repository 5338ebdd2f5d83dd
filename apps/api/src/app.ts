import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import apiReference from '@scalar/fastify-api-reference';
import { ERROR_CODES, MAX_IMAGE_BYTES, MSG } from '@schoolledger/domain';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './app-context.js';
import type { Database } from './db/client.js';
import { clientErrorHandler, errorHandler, frameworkErrors, refusingUnstorableText } from './lib/error-handler.js';
import { sha256 } from './lib/hash.js';
import { withMultipartBody } from './lib/http.js';
import { parseJsonWithDepthLimit } from './lib/request-input.js';
import { OneLinePerRequest } from './lib/request-log.js';
import { academicRoutes } from './modules/academic/academic.routes.js';
import { adjustmentRuleRoutes } from './modules/adjustment-rules/adjustment-rules.routes.js';
import { adjustmentRoutes } from './modules/adjustments/adjustments.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { auditIntegrityRoutes } from './modules/audit/audit-integrity.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { bankStatementRoutes } from './modules/bank-statements/bank-statements.routes.js';
import { booksRoutes } from './modules/books/books.routes.js';
import { budgetRoutes } from './modules/budgets/budgets.routes.js';
import { academicDashboardRoutes } from './modules/dashboards/academic.routes.js';
import { adminDashboardRoutes } from './modules/dashboards/admin.routes.js';
import { bursarDashboardRoutes } from './modules/dashboards/bursar.routes.js';
import { parentDashboardRoutes } from './modules/dashboards/parent.routes.js';
import { principalDashboardRoutes } from './modules/dashboards/principal.routes.js';
import { proprietorDashboardRoutes } from './modules/dashboards/proprietor.routes.js';
import { studentDashboardRoutes } from './modules/dashboards/student.routes.js';
import { emailRoutes } from './modules/email/email.routes.js';
import { expenseRoutes } from './modules/expenses/expenses.routes.js';
import { feeRoutes } from './modules/fees/fees.routes.js';
import { reminderRoutes } from './modules/fees/reminders.routes.js';
import { forecastRoutes } from './modules/forecast/forecast.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { lateFeeRoutes } from './modules/late-fees/late-fees.routes.js';
import { messagingRoutes } from './modules/messaging/messaging.routes.js';
import { messagingWebhookRoutes } from './modules/messaging/webhooks.routes.js';
import { createNotificationHub } from './modules/notifications/notification-hub.js';
import { notificationRoutes } from './modules/notifications/notifications.routes.js';
import { paymentProfileRoutes } from './modules/payment-profiles/payment-profiles.routes.js';
import { cashRoutes } from './modules/payments/cash/cash.routes.js';
import { familyCreditRoutes } from './modules/payments/family-credit/family-credit.routes.js';
import { onlineRoutes } from './modules/payments/online/online.routes.js';
import { receiptLinkRoutes, receiptRoutes } from './modules/payments/receipts/receipt.routes.js';
import { refundRoutes } from './modules/payments/refunds/refunds.routes.js';
import { reportingRoutes } from './modules/payments/reporting/reporting.routes.js';
import { transferRoutes } from './modules/payments/transfers/transfers.routes.js';
import { privacyRoutes } from './modules/privacy/privacy.routes.js';
import { reportRoutes } from './modules/reports/reports.routes.js';
import { resultRoutes } from './modules/results/results.routes.js';
import { schoolRoutes } from './modules/schools/schools.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { settlementRoutes } from './modules/settlements/settlements.routes.js';
import { studentRecordRoutes } from './modules/students/student-records.routes.js';
import { studentRoutes } from './modules/students/students.routes.js';
import { studentFileRoutes } from './modules/students/students-files.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { tillVoidRoutes } from './modules/tills/till-voids.routes.js';
import { tillRoutes } from './modules/tills/tills.routes.js';
import { profileRoutes } from './modules/users/profile.routes.js';
import { userRoutes } from './modules/users/users.routes.js';
import { vendorRoutes } from './modules/vendors/vendors.routes.js';
import { virtualAccountRoutes } from './modules/virtual-accounts/virtual-accounts.routes.js';
import { authPlugin, bearerToken } from './plugins/auth.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    database: Database;
  }
}

export interface BuildAppOptions {
  ctx: AppContext;
  database: Database;
  /** The built web app to serve at /, when present. */
  webDir?: string;
  logger?: FastifyBaseLogger;
}

export async function buildApp({ ctx, database, webDir, logger }: BuildAppOptions) {
  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // What a request logs names its path (without the query), so a warning on the ICT
    // administrator's log screen says where it happened.
    childLoggerFactory: (parent, bindings, options, rawRequest) =>
      parent.child({ ...bindings, route: rawRequest.url?.split('?')[0] }, options),
    logController: new OneLinePerRequest(),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1_048_576,
    requestTimeout: 30_000,
    // A start waits for the database (the notification listener's own connection, opened when the
    // app is ready): on a machine busy with other work that once took longer than Fastify's default
    // of 10 s, which then failed the start. A start that waits a minute fails, naming the hook.
    pluginTimeout: 60_000,
    // SPEC §7 spells some paths with capitals (`/Session/all`, `/groupSchool/all`); parameters keep their case.
    routerOptions: { caseSensitive: false },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  parseJsonWithDepthLimit(app);
  app.setValidatorCompiler(refusingUnstorableText(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.decorate('ctx', ctx);
  app.decorate('database', database);

  // Over plain HTTP (a school's own network) upgrading requests or pinning HTTPS leaves the
  // browser nothing it may load, so both are sent only when the app is reached over HTTPS.
  const directives = {
    // The API reference page loads its own inline script; everything else is same-origin.
    'script-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
  };
  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: { directives: { ...directives, 'upgrade-insecure-requests': null } },
    hsts: false,
    crossOriginEmbedderPolicy: false,
    // The payer's dialog watches the provider's checkout window it opened (SPEC §7), which the
    // default `same-origin` would cut off the moment that window leaves for the provider.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  const overHttps = {
    contentSecurityPolicy: { directives: { ...directives, 'upgrade-insecure-requests': [] } },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
  };
  const appOverHttps = ctx.config.appUrl.startsWith('https:');
  // `request.protocol` follows X-Forwarded-Proto only when TRUST_PROXY is on.
  app.addHook('onRequest', async (request, reply) => {
    reply.helmet(appOverHttps || request.protocol === 'https' ? overHttps : undefined);
  });
  // Below the threshold compressing costs more than it saves; PDFs, spreadsheets and images are
  // already compressed and event streams must not be buffered, which the content types exclude.
  await app.register(compress, { threshold: 1024, globalDecompression: false });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20 } });

  // Open event streams would hold the server open on close; browsers reconnect to another process.
  const notificationHub = createNotificationHub(database, app.log);
  app.addHook('onReady', () => notificationHub.start());
  app.addHook('preClose', async () => notificationHub.closeAll());
  app.addHook('onClose', () => notificationHub.stop());
  await app.register(authPlugin);

  await app.register(swagger, {
    openapi: {
      // 3.1: zod writes JSON Schema 2020-12, where a nullable field is a `null` type, not `nullable`.
      openapi: '3.1.0',
      info: { title: 'SchoolLedger API', version: '1.0.0', description: 'Fee management for Nigerian school groups' },
      // Relative: the paths already carry /api/v1, and the document is served by the API it describes.
      servers: [{ url: '/', description: 'This SchoolLedger' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (route) => {
      const { schema, url } = jsonSchemaTransform(withMultipartBody(route));
      return { schema: { ...schema, operationId: operationIdOf(route.route.method, url) }, url };
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(apiReference, { routePrefix: '/api/docs', configuration: { url: '/api/openapi.json' } });

  await app.register(
    async (api) => {
      // Limits apply to the API only, never to the web app's files. A signed-in caller is counted
      // by their token, so a school's computer lab behind one address does not share one budget.
      // On PostgreSQL several processes serve the API, so they count in the database; the embedded
      // database is always one process, which counts in its own memory. A count that cannot be
      // taken lets the request through: it then meets the database's failure itself, and the
      // health route can still say the database is down.
      await api.register(rateLimit, {
        global: true,
        skipOnError: true,
        ...(database.driver === 'postgres' ? { store: databaseRateLimitStore(database.db) } : {}),
        max: ctx.config.rateLimitPerMinute,
        timeWindow: '1 minute',
        keyGenerator: (request) => {
          const token = bearerToken(request);
          return token ? `token:${sha256(token)}` : `ip:${request.ip}`;
        },
      });
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(privacyRoutes);
      await api.register(userRoutes);
      await api.register(studentRoutes);
      await api.register(studentRecordRoutes);
      await api.register(studentFileRoutes);
      await api.register(feeRoutes);
      await api.register(adjustmentRoutes);
      await api.register(adjustmentRuleRoutes);
      await api.register(lateFeeRoutes);
      await api.register(expenseRoutes);
      await api.register(vendorRoutes);
      await api.register(budgetRoutes);
      await api.register(tillRoutes);
      await api.register(tillVoidRoutes);
      await api.register(forecastRoutes);
      await api.register(onlineRoutes);
      await api.register(cashRoutes);
      await api.register(familyCreditRoutes);
      await api.register(paymentProfileRoutes);
      await api.register(receiptRoutes);
      await api.register(settingsRoutes);
      await api.register(reportingRoutes);
      await api.register(transferRoutes);
      await api.register(bankStatementRoutes);
      await api.register(virtualAccountRoutes);
      await api.register(settlementRoutes);
      await api.register(refundRoutes);
      await api.register(schoolRoutes);
      await api.register(academicRoutes);
      await api.register(resultRoutes);
      await api.register(reportRoutes);
      await api.register(emailRoutes);
      await api.register(notificationRoutes, { hub: notificationHub });
      await api.register(messagingRoutes);
      await api.register(messagingWebhookRoutes);
      await api.register(reminderRoutes);
      await api.register(auditIntegrityRoutes);
      await api.register(auditRoutes);
      await api.register(booksRoutes);
      await api.register(systemRoutes);
      await api.register(adminDashboardRoutes);
      await api.register(academicDashboardRoutes);
      await api.register(bursarDashboardRoutes);
      await api.register(principalDashboardRoutes);
      await api.register(proprietorDashboardRoutes);
      await api.register(studentDashboardRoutes);
      await api.register(parentDashboardRoutes);
    },
    { prefix: '/api/v1' },
  );
  // Outside the API's prefix: the short link an SMS carries.
  await app.register(receiptLinkRoutes);

  mkdirSync(ctx.config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: ctx.config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    // Uploaded names are random and never reused, so they may be cached for good.
    immutable: true,
    maxAge: '365d',
  });

  const serveWeb = webDir !== undefined && existsSync(webDir);
  if (serveWeb) {
    const assets = path.join(webDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      wildcard: false,
      // Vite names every file under assets/ by its content, so a new build never reuses a name
      // and browsers may keep them for good; index.html and the rest are checked on each load.
      cacheControl: false,
      setHeaders: (reply, file) =>
        reply.header('cache-control', file.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
  }

  if (serveWeb) {
    // The web app's own paths (deep links, reloads) get index.html; a route, so it is compressed.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      if (/^\/(api|uploads|assets)\//i.test(request.url)) {
        return reply.callNotFound();
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDir);
    });
  }

  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ success: false, message: MSG.notFound, data: null, code: ERROR_CODES.notFound }),
  );

  return app;
}

/** `GET /api/v1/fee/{id}/history` is `getFeeByIdHistory`: stable, unique, and readable in generated clients. */
function operationIdOf(method: string | string[], url: string): string {
  const verb = (Array.isArray(method) ? method[0]! : method).toLowerCase();
  const words = url
    .replace(/^\/api\/v1\//, '')
    .split('/')
    .flatMap((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      const parts = (param ? param[1]! : segment).split(/[-_.]/).filter(Boolean);
      return param ? ['by', ...parts] : parts;
    });
  return verb + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

export type App = Awaited<ReturnType<typeof buildApp>>;
