import {
  createStudentRequestSchema,
  idParamsSchema,
  studentInputSchema,
  studentListQuerySchema,
  studentListSchema,
  studentSchema,
  studentStatsQuerySchema,
  studentStatsSchema,
  updateStudentProfileRequestSchema,
} from '@schoolledger/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { STUDENT } from './students.access.js';
import {
  createStudent,
  deleteStudent,
  getStudent,
  listChildren,
  listStudentPage,
  studentStats,
  updateStudent,
  updateStudentProfile,
} from './students.service.js';

/*
 * The students module's routes are three plugins: reading and editing students (here), their
 * academic record, promotion, conduct and parents (student-records.routes.ts), and files in and
 * out: export, import and the profile image (students-files.routes.ts).
 */

const tags = ['students'];

export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const params = idParamsSchema;

  /* Reading */

  for (const url of ['/students', '/students/search', '/user/students', '/user/students/search']) {
    app.get(
      url,
      {
        schema: {
          summary: 'List or search students',
          tags,
          querystring: studentListQuerySchema,
          response: responses(studentListSchema),
        },
      },
      async (request) => ok('Students loaded', await listStudentPage(app.ctx, authOf(request), request.query)),
    );
  }
  for (const url of ['/students/stats', '/user/students/stats']) {
    app.get(
      url,
      {
        preValidation: authorize('students.view'),
        schema: {
          summary: 'Student statistics',
          tags,
          querystring: studentStatsQuerySchema,
          response: responses(studentStatsSchema),
        },
      },
      async (request) => ok('Student statistics loaded', await studentStats(app.ctx, authOf(request), request.query)),
    );
  }
  app.get(
    '/parent/children',
    { schema: { summary: "List the signed-in parent's children", tags, response: responses(z.array(studentSchema)) } },
    async (request) => ok('Children loaded', await listChildren(app.ctx, authOf(request))),
  );
  app.get(
    '/students/:id',
    { schema: { summary: 'Get a student', tags, params, response: responses(studentSchema) } },
    async (request) => ok('Student loaded', await getStudent(app.ctx, authOf(request), request.params.id)),
  );

  /* Creating and editing */

  for (const url of ['/students', '/user/create-student', '/user/student/create']) {
    app.post(
      url,
      {
        preValidation: authorize('students.manage'),
        schema: {
          summary: 'Create a student',
          tags,
          body: createStudentRequestSchema,
          response: responses(studentSchema),
        },
      },
      async (request) =>
        ok(STUDENT.created, await createStudent(app.ctx, authOf(request), request.body, actorOf(request))),
    );
  }
  for (const url of ['/students/:id', '/user/update-student/:id']) {
    app.put(
      url,
      {
        preValidation: authorize('students.manage'),
        schema: {
          summary: 'Update a student',
          tags,
          params,
          body: studentInputSchema,
          response: responses(studentSchema),
        },
      },
      async (request) =>
        ok(
          STUDENT.updated,
          await updateStudent(app.ctx, authOf(request), request.params.id, request.body, actorOf(request)),
        ),
    );
  }
  app.put(
    '/students/:id/profile',
    {
      preValidation: authorize('students.manage'),
      schema: {
        summary: "Update a student's profile",
        tags,
        params,
        body: updateStudentProfileRequestSchema,
        response: responses(studentSchema),
      },
    },
    async (request) =>
      ok(
        'Student profile updated successfully!',
        await updateStudentProfile(app.ctx, authOf(request), request.params.id, request.body, actorOf(request)),
      ),
  );
  app.delete(
    '/students/:id',
    {
      preValidation: authorize('students.manage'),
      schema: { summary: 'Delete a student', tags, params, response: responses(z.null()) },
    },
    async (request) => {
      await deleteStudent(app.ctx, authOf(request), request.params.id, actorOf(request));
      return ok(STUDENT.deleted, null);
    },
  );
};
