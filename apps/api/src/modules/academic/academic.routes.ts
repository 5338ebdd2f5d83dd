import {
  classArmInputSchema,
  classArmSchema,
  entityMessages,
  idParamsSchema,
  idSchema,
  sessionInputSchema,
  sessionSchema,
  studentCountSchema,
  termInputSchema,
  termSchema,
  todayIn,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { assertSchoolInScope, type Scope } from '../../plugins/tenancy.js';
import { toClassArm, toSession, toTerm } from './academic.presenters.js';
import { listClassArms, listSessions, listTerms } from './academic.queries.js';
import {
  createClassArm,
  createSession,
  createTerm,
  deleteClassArm,
  deleteSession,
  deleteTerm,
  getClassArm,
  getSession,
  getTerm,
  updateClassArm,
  updateSession,
  updateTerm,
} from './academic.service.js';

const SESSION = entityMessages('Session');
const TERM = entityMessages('Term');
const CLASS_ARM = entityMessages('Class arm');
const SCHOOL = entityMessages('School');

export const academicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const params = idParamsSchema;
  const bySchool = z.object({ school_id: idSchema.optional() });
  const today = () => todayIn('Africa/Lagos', app.ctx.clock());

  /** Narrows a list to one school the caller can see, or to all of theirs. */
  function schoolFilter(scope: Scope, schoolId: string | undefined) {
    if (schoolId) assertSchoolInScope(scope, schoolId, SCHOOL.notFound);
    return { schoolId };
  }

  /* Sessions */
  const sessionTags = ['sessions'];
  for (const url of ['/session/all', '/session/by-school']) {
    app.get(
      url,
      {
        schema: {
          summary: 'List academic sessions, optionally of one school',
          tags: sessionTags,
          querystring: bySchool,
          response: responses(z.array(sessionSchema)),
        },
      },
      async (request) => {
        const { scope } = authOf(request);
        const rows = await listSessions(app.ctx.db, scope, schoolFilter(scope, request.query.school_id));
        return ok(
          'Sessions loaded',
          rows.map((row) => toSession(row, today())),
        );
      },
    );
  }
  app.get(
    '/session/:id',
    { schema: { summary: 'Get an academic session', tags: sessionTags, params, response: responses(sessionSchema) } },
    async (request) =>
      ok('Session loaded', toSession(await getSession(app.ctx, authOf(request), request.params.id), today())),
  );
  app.get(
    '/session/:id/terms',
    {
      schema: {
        summary: 'List the terms of a session',
        tags: sessionTags,
        params,
        response: responses(z.array(termSchema)),
      },
    },
    async (request) => {
      const auth = authOf(request);
      await getSession(app.ctx, auth, request.params.id);
      const rows = await listTerms(app.ctx.db, auth.scope, { sessionId: request.params.id });
      return ok(
        'Terms loaded',
        rows.map((row) => toTerm(row, today())),
      );
    },
  );
  app.post(
    '/session/create',
    {
      preValidation: authorize('sessions.manage'),
      schema: {
        summary: 'Create an academic session',
        tags: sessionTags,
        body: sessionInputSchema,
        response: responses(sessionSchema),
      },
    },
    async (request) =>
      ok(
        SESSION.created,
        toSession(await createSession(app.ctx, authOf(request), request.body, actorOf(request)), today()),
      ),
  );
  app.put(
    '/session/:id/update',
    {
      preValidation: authorize('sessions.manage'),
      schema: {
        summary: 'Update an academic session',
        tags: sessionTags,
        params,
        body: sessionInputSchema,
        response: responses(sessionSchema),
      },
    },
    async (request) => {
      const row = await updateSession(app.ctx, authOf(request), request.params.id, request.body, actorOf(request));
      return ok(SESSION.updated, toSession(row, today()));
    },
  );
  app.delete(
    '/session/:id/delete',
    {
      preValidation: authorize('academic.delete'),
      schema: { summary: 'Delete an academic session', tags: sessionTags, params, response: responses(z.null()) },
    },
    async (request) => {
      await deleteSession(app.ctx, authOf(request), request.params.id, actorOf(request));
      return ok(SESSION.deleted, null);
    },
  );

  /* Terms */
  const termTags = ['terms'];
  app.get(
    '/term/all',
    {
      schema: {
        summary: 'List terms, optionally of one school',
        tags: termTags,
        querystring: bySchool,
        response: responses(z.array(termSchema)),
      },
    },
    async (request) => {
      const { scope } = authOf(request);
      const rows = await listTerms(app.ctx.db, scope, schoolFilter(scope, request.query.school_id));
      return ok(
        'Terms loaded',
        rows.map((row) => toTerm(row, today())),
      );
    },
  );
  app.get(
    '/term/by-session',
    {
      schema: {
        summary: 'List the terms of one session',
        tags: termTags,
        querystring: z.object({ session_id: idSchema }),
        response: responses(z.array(termSchema)),
      },
    },
    async (request) => {
      const auth = authOf(request);
      await getSession(app.ctx, auth, request.query.session_id);
      const rows = await listTerms(app.ctx.db, auth.scope, { sessionId: request.query.session_id });
      return ok(
        'Terms loaded',
        rows.map((row) => toTerm(row, today())),
      );
    },
  );
  app.get(
    '/term/current',
    {
      schema: {
        summary: 'Get the current term of a school',
        tags: termTags,
        querystring: bySchool,
        response: responses(termSchema.nullable()),
      },
    },
    async (request) => {
      const { scope } = authOf(request);
      const [row] = await listTerms(app.ctx.db, scope, {
        ...schoolFilter(scope, request.query.school_id),
        onDate: today(),
      });
      return ok(row ? 'Current term loaded' : 'No current term', row ? toTerm(row, today()) : null);
    },
  );
  app.get(
    '/term/:id',
    { schema: { summary: 'Get a term', tags: termTags, params, response: responses(termSchema) } },
    async (request) => ok('Term loaded', toTerm(await getTerm(app.ctx, authOf(request), request.params.id), today())),
  );
  app.post(
    '/term/create',
    {
      preValidation: authorize('terms.manage'),
      schema: { summary: 'Create a term', tags: termTags, body: termInputSchema, response: responses(termSchema) },
    },
    async (request) =>
      ok(TERM.created, toTerm(await createTerm(app.ctx, authOf(request), request.body, actorOf(request)), today())),
  );
  app.put(
    '/term/:id/update',
    {
      preValidation: authorize('terms.manage'),
      schema: {
        summary: 'Update a term',
        tags: termTags,
        params,
        body: termInputSchema,
        response: responses(termSchema),
      },
    },
    async (request) => {
      const row = await updateTerm(app.ctx, authOf(request), request.params.id, request.body, actorOf(request));
      return ok(TERM.updated, toTerm(row, today()));
    },
  );
  app.delete(
    '/term/:id/delete',
    {
      preValidation: authorize('academic.delete'),
      schema: { summary: 'Delete a term', tags: termTags, params, response: responses(z.null()) },
    },
    async (request) => {
      await deleteTerm(app.ctx, authOf(request), request.params.id, actorOf(request));
      return ok(TERM.deleted, null);
    },
  );

  /* Class arms */
  const armTags = ['class arms'];
  for (const url of ['/classarm/all', '/classarm/by-school']) {
    app.get(
      url,
      {
        schema: {
          summary: 'List class arms, optionally of one school',
          tags: armTags,
          querystring: bySchool,
          response: responses(z.array(classArmSchema)),
        },
      },
      async (request) => {
        const { scope } = authOf(request);
        const rows = await listClassArms(app.ctx.db, scope, schoolFilter(scope, request.query.school_id));
        return ok('Class arms loaded', rows.map(toClassArm));
      },
    );
  }
  app.get(
    '/classarm/:id',
    { schema: { summary: 'Get a class arm', tags: armTags, params, response: responses(classArmSchema) } },
    async (request) =>
      ok('Class arm loaded', toClassArm(await getClassArm(app.ctx, authOf(request), request.params.id))),
  );
  app.get(
    '/classarm/:id/student-count',
    {
      schema: {
        summary: 'Count the students in a class arm',
        tags: armTags,
        params,
        response: responses(studentCountSchema),
      },
    },
    async (request) => {
      const arm = await getClassArm(app.ctx, authOf(request), request.params.id);
      return ok('Student count loaded', {
        classArm: { _id: arm.id, name: arm.name, currentStudentCount: Number(arm.currentStudentCount) },
      });
    },
  );
  app.post(
    '/classarm/create',
    {
      preValidation: authorize('classArms.manage'),
      schema: {
        summary: 'Create a class arm',
        tags: armTags,
        body: classArmInputSchema,
        response: responses(classArmSchema),
      },
    },
    async (request) =>
      ok(CLASS_ARM.created, toClassArm(await createClassArm(app.ctx, authOf(request), request.body, actorOf(request)))),
  );
  app.put(
    '/classarm/:id/update',
    {
      preValidation: authorize('classArms.manage'),
      schema: {
        summary: 'Update a class arm',
        tags: armTags,
        params,
        body: classArmInputSchema,
        response: responses(classArmSchema),
      },
    },
    async (request) => {
      const row = await updateClassArm(app.ctx, authOf(request), request.params.id, request.body, actorOf(request));
      return ok(CLASS_ARM.updated, toClassArm(row));
    },
  );
  app.delete(
    '/classarm/:id/delete',
    {
      preValidation: authorize('academic.delete'),
      schema: { summary: 'Delete a class arm', tags: armTags, params, response: responses(z.null()) },
    },
    async (request) => {
      await deleteClassArm(app.ctx, authOf(request), request.params.id, actorOf(request));
      return ok(CLASS_ARM.deleted, null);
    },
  );
};
