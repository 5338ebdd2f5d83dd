import {
  bulkDeleteUsersRequestSchema,
  bulkResultSchema,
  bulkUpdateUsersRequestSchema,
  can,
  createUserRequestSchema,
  entityMessages,
  idParamsSchema,
  idSchema,
  updateUserRequestSchema,
  userListQuerySchema,
  userListSchema,
  userSchema,
  userStatsSchema,
} from '@schoolledger/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileResponses, ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { toUser, toUserStats, toUsersCsv } from './users.presenters.js';
import {
  createUser,
  deleteUser,
  deleteUsers,
  getUser,
  getUserStats,
  listUserPage,
  listUsersForExport,
  setStatusOfUsers,
  updateUser,
} from './users.service.js';

const USER = entityMessages('User');
const GRANT_RULE =
  'A role added or taken away must carry no permission the caller lacks, and Admin, Proprietor and Auditor are granted and removed by an Admin alone (403 ROLE_NOT_GRANTABLE).';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const tags = ['users'];
  const params = idParamsSchema;
  const view = authorize('users.view');
  const manage = authorize('users.manage');
  // Tenancy before permission: another school's user is not found (404) even by a caller the
  // route refuses, so a 403 never confirms that the id exists.
  // It runs before the body is validated; a malformed id is left to the params schema (422).
  const inScope = async (request: FastifyRequest) => {
    const id = idSchema.safeParse((request.params as { id?: unknown }).id);
    if (id.success) await getUser(app.ctx, authOf(request), id.data);
  };

  // The cash desk of SPEC §7's client finds students through the users list: staff who may search
  // students (a bursar) get that list, of their own schools as ever, and no other role's.
  const viewOrFindStudents = async (request: FastifyRequest) => {
    const { role } = request.query as { role?: unknown };
    if (role === 'Student' && can(authOf(request).roles, 'students.search')) return;
    await view(request);
  };

  for (const url of ['/user/all', '/school-access/users']) {
    app.get(
      url,
      {
        preValidation: viewOrFindStudents,
        schema: { summary: 'List users', tags, querystring: userListQuerySchema, response: responses(userListSchema) },
      },
      async (request) => {
        const { rows, pagination } = await listUserPage(app.ctx, authOf(request), request.query);
        return ok('Users loaded', { users: rows.map(toUser), pagination });
      },
    );
  }

  app.get(
    '/user/stats',
    { preValidation: view, schema: { summary: 'User statistics', tags, response: responses(userStatsSchema) } },
    async (request) => ok('User statistics loaded', toUserStats(await getUserStats(app.ctx, authOf(request)))),
  );

  app.get(
    '/user/export',
    {
      preValidation: view,
      schema: {
        summary: 'Export users (CSV)',
        tags,
        description:
          'users.csv (ID, first and last name, email, roles, status, last login, created at), for the same filters as the list, without paging.',
        querystring: userListQuerySchema.omit({ page: true, limit: true }),
        response: fileResponses('users.csv, a header row then one row per user', ['text/csv']),
      },
    },
    async (request, reply) => {
      const rows = await listUsersForExport(app.ctx, authOf(request), request.query, actorOf(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="users.csv"')
        .send(toUsersCsv(rows));
    },
  );

  app.get(
    '/user/:id',
    {
      preValidation: [inScope, view],
      schema: { summary: 'Get a user', tags, params, response: responses(userSchema) },
    },
    async (request) => ok('User loaded', toUser(await getUser(app.ctx, authOf(request), request.params.id))),
  );

  app.post(
    '/user/create',
    {
      preValidation: manage,
      schema: {
        summary: 'Create a user',
        tags,
        description: `Students come from Student Management (422). ${GRANT_RULE}`,
        body: createUserRequestSchema,
        response: responses(userSchema),
      },
    },
    async (request) =>
      ok(USER.created, toUser(await createUser(app.ctx, authOf(request), request.body, actorOf(request)))),
  );

  for (const url of ['/user/:id/update', '/user/:id']) {
    app.put(
      url,
      {
        preValidation: [inScope, manage],
        schema: {
          summary: 'Update a user',
          tags,
          description: `Nobody changes their own roles (403 OWN_ROLES_LOCKED) or a user holding a permission they lack (403 USER_HOLDS_MORE). ${GRANT_RULE}`,
          params,
          body: updateUserRequestSchema,
          response: responses(userSchema),
        },
      },
      async (request) => {
        const row = await updateUser(app.ctx, authOf(request), request.params.id, request.body, actorOf(request));
        return ok(USER.updated, toUser(row));
      },
    );
  }

  for (const url of ['/user/:id/delete', '/user/:id']) {
    app.delete(
      url,
      {
        preValidation: [inScope, manage],
        schema: { summary: 'Delete a user', tags, params, response: responses(z.null()) },
      },
      async (request) => {
        await deleteUser(app.ctx, authOf(request), request.params.id, actorOf(request));
        return ok(USER.deleted, null);
      },
    );
  }

  app.post(
    '/user/bulk-update',
    {
      preValidation: manage,
      schema: {
        summary: 'Update many users at once',
        tags,
        body: bulkUpdateUsersRequestSchema,
        response: responses(bulkResultSchema),
      },
    },
    async (request) => {
      const { userIds, updates } = request.body;
      const affected = await setStatusOfUsers(app.ctx, authOf(request), userIds, updates.status, actorOf(request));
      const verb = updates.status === 'active' ? 'activated' : 'deactivated';
      return ok(`Users ${verb} successfully`, { affected });
    },
  );

  app.post(
    '/user/bulk-delete',
    {
      preValidation: manage,
      schema: {
        summary: 'Delete many users at once',
        tags,
        body: bulkDeleteUsersRequestSchema,
        response: responses(bulkResultSchema),
      },
    },
    async (request) => {
      const affected = await deleteUsers(app.ctx, authOf(request), request.body.userIds, actorOf(request));
      return ok('Users deleted successfully', { affected });
    },
  );
};
