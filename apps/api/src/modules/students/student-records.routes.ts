import {
  disciplinaryRecordRequestSchema,
  disciplinaryRecordSchema,
  idParamsSchema,
  linkParentRequestSchema,
  promoteRequestSchema,
  promoteResultSchema,
  studentPerformanceSchema,
  studentSchema,
  updateAcademicRequestSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/errors.js';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { promoteStudent, promoteStudents, updateAcademic } from './student-moves.service.js';
import {
  linkParent,
  listDisciplinary,
  recordDisciplinary,
  studentPerformance,
  unlinkParent,
} from './student-records.service.js';

const tags = ['students'];

/** A student's academic record and class moves, conduct and performance, and linked parents. */
export const studentRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const params = idParamsSchema;

  /* Academic record */

  app.put(
    '/students/:id/academic',
    {
      preValidation: authorize('students.manage'),
      schema: {
        summary: "Update a student's academic record",
        tags,
        params,
        body: updateAcademicRequestSchema,
        response: responses(studentSchema),
      },
    },
    async (request) =>
      ok(
        'Academic record updated successfully!',
        await updateAcademic(app.ctx, authOf(request), request.params.id, request.body, actorOf(request)),
      ),
  );

  /* Promotion */

  app.post(
    '/students/promote',
    {
      preValidation: authorize('students.promote'),
      schema: {
        summary: 'Promote students in bulk',
        tags,
        body: promoteRequestSchema,
        response: responses(promoteResultSchema),
      },
    },
    async (request) => {
      const result = await promoteStudents(app.ctx, authOf(request), request.body, actorOf(request));
      const count = `${result.promoted} student${result.promoted === 1 ? '' : 's'}`;
      return ok(result.dryRun ? `${count} will be promoted` : `${count} promoted successfully!`, result);
    },
  );
  app.post(
    '/students/:id/promote',
    {
      preValidation: authorize('students.promote'),
      schema: {
        summary: 'Promote a student',
        tags,
        params,
        body: promoteRequestSchema.pick({ toClassArm_id: true }),
        response: responses(studentSchema),
      },
    },
    async (request) => {
      const { student, classArmName } = await promoteStudent(
        app.ctx,
        authOf(request),
        request.params.id,
        request.body.toClassArm_id,
        actorOf(request),
      );
      return ok(`Student promoted to ${classArmName} successfully!`, student);
    },
  );

  /* Conduct and performance */

  app.post(
    '/students/:id/disciplinary',
    {
      preValidation: authorize('students.discipline'),
      schema: {
        summary: 'Record a disciplinary entry for a student',
        tags,
        params,
        body: disciplinaryRecordRequestSchema,
        response: responses(disciplinaryRecordSchema),
      },
    },
    async (request) =>
      ok(
        'Disciplinary record added successfully!',
        await recordDisciplinary(app.ctx, authOf(request), request.params.id, request.body, actorOf(request)),
      ),
  );
  app.get(
    '/students/:id/disciplinary',
    {
      schema: {
        summary: "List a student's disciplinary record",
        tags,
        params,
        response: responses(z.array(disciplinaryRecordSchema)),
      },
    },
    async (request) =>
      ok('Disciplinary records loaded', await listDisciplinary(app.ctx, authOf(request), request.params.id)),
  );
  app.get(
    '/students/:id/performance',
    { schema: { summary: "Get a student's performance", tags, params, response: responses(studentPerformanceSchema) } },
    async (request) =>
      ok('Student performance loaded', await studentPerformance(app.ctx, authOf(request), request.params.id)),
  );

  /* Parents */

  app.post(
    '/students/:id/link-parent',
    {
      preValidation: authorize('students.manage'),
      schema: {
        summary: 'Link a parent to a student',
        tags,
        params,
        body: linkParentRequestSchema,
        response: responses(studentSchema),
      },
    },
    async (request) =>
      ok(
        'Parent linked successfully!',
        await linkParent(app.ctx, authOf(request), request.params.id, request.body.parentId, actorOf(request)),
      ),
  );
  app.delete(
    '/students/:id/unlink-parent',
    {
      preValidation: authorize('students.manage'),
      schema: {
        summary: "Unlink a student's parent",
        tags,
        params,
        querystring: linkParentRequestSchema.partial(),
        body: linkParentRequestSchema.partial().nullish(),
        response: responses(studentSchema),
      },
    },
    async (request) => {
      const parentId = request.body?.parentId ?? request.query.parentId;
      if (!parentId) throw fieldError('parentId', 'Parent is required');
      return ok(
        'Parent unlinked successfully!',
        await unlinkParent(app.ctx, authOf(request), request.params.id, parentId, actorOf(request)),
      );
    },
  );
};
