import {
  createStudentRequestSchema,
  disciplinaryRecordRequestSchema,
  disciplinaryRecordSchema,
  entityMessages,
  idParamsSchema,
  idSchema,
  importPreviewSchema,
  importResultSchema,
  linkParentRequestSchema,
  MSG,
  promoteRequestSchema,
  promoteResultSchema,
  studentInputSchema,
  studentListQuerySchema,
  studentListSchema,
  studentPerformanceSchema,
  studentSchema,
  studentStatsQuerySchema,
  studentStatsSchema,
  updateAcademicRequestSchema,
  updateStudentProfileRequestSchema,
} from '@schoolledger/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/errors.js';
import { fileResponses, ok, responses } from '../../lib/http.js';
import { parseOrThrow } from '../../lib/validation.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { readMultipart, storeImage } from '../files/image-upload.js';
import { promoteStudent, promoteStudents, updateAcademic } from './student-moves.service.js';
import {
  linkParent,
  listDisciplinary,
  recordDisciplinary,
  studentPerformance,
  unlinkParent,
} from './student-records.service.js';
import { STUDENT } from './students.access.js';
import { toFileRow } from './students.presenters.js';
import {
  assertManageableStudent,
  createStudent,
  deleteStudent,
  getStudent,
  listChildren,
  listStudentPage,
  listStudentsForExport,
  setStudentImage,
  studentStats,
  updateStudent,
  updateStudentProfile,
} from './students.service.js';
import { FILE_CONTENT_TYPES, type StudentFileFormat, studentFile } from './students-export.js';
import { checkImportFile, importStudents } from './students-import.js';

const SCHOOL = entityMessages('School');
const tags = ['students'];
const formatQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });
const studentFileResponses = fileResponses('The file (CSV or Excel workbook, as `format` asks)', [
  'text/csv',
  FILE_CONTENT_TYPES.xlsx,
]);

function sendFile(reply: FastifyReply, format: StudentFileFormat, name: string, content: Buffer) {
  return reply
    .header('content-type', FILE_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .send(content);
}

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
  for (const url of ['/students/export', '/user/students/export']) {
    app.get(
      url,
      {
        preValidation: authorize('students.view'),
        schema: {
          summary: 'Export students (CSV or Excel)',
          tags,
          querystring: studentListQuerySchema.omit({ page: true, limit: true }).extend(formatQuery.shape),
          response: studentFileResponses,
        },
      },
      async (request, reply) => {
        const { format, ...filters } = request.query;
        const students = await listStudentsForExport(app.ctx, authOf(request), filters);
        return sendFile(reply, format, 'students', await studentFile(format, students.map(toFileRow)));
      },
    );
  }
  app.get(
    '/students/import/template',
    {
      preValidation: authorize('students.manage'),
      schema: {
        summary: 'Download the student import template',
        tags,
        querystring: formatQuery,
        response: studentFileResponses,
      },
    },
    async (request, reply) =>
      sendFile(reply, request.query.format, 'students-template', await studentFile(request.query.format, [])),
  );
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

  /* Files */

  app.post(
    '/students/:id/profile-image',
    {
      preValidation: authorize('students.manage'),
      schema: {
        summary: "Upload a student's profile image",
        tags,
        params,
        consumes: ['multipart/form-data'],
        response: responses(z.object({ imageUrl: z.string() })),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const student = await assertManageableStudent(app.ctx, auth, request.params.id);
      const form = await readMultipart(request, 'image');
      if (!form.file) throw fieldError('image', MSG.selectImage);
      const imageUrl = await storeImage({
        buffer: form.file.buffer,
        uploadsDir: app.ctx.config.uploadsDir,
        folder: 'avatars',
        field: 'image',
      });
      await setStudentImage(app.ctx, student, imageUrl, actorOf(request));
      return ok('Profile image updated successfully!', { imageUrl });
    },
  );

  const importFields = z.object({
    school_id: idSchema.optional(),
    dryRun: z.enum(['true', 'false'], { error: "dryRun is 'true' or 'false'" }).optional(),
  });
  for (const url of ['/students/import', '/user/students/import']) {
    app.post(
      url,
      {
        preValidation: authorize('students.manage'),
        schema: {
          summary: 'Import students from a CSV or Excel file',
          tags,
          consumes: ['multipart/form-data'],
          response: responses(z.union([importPreviewSchema, importResultSchema])),
        },
      },
      async (request: FastifyRequest) => {
        const auth = authOf(request);
        const form = await readMultipart(request, 'file', MSG.fileTooLarge);
        const fields = parseOrThrow(importFields, form.fields);
        const schoolId = fields.school_id ?? auth.schoolId;
        if (!schoolId) throw fieldError('school_id', 'School is required');
        assertSchoolInScope(auth.scope, schoolId, SCHOOL.notFound);
        if (!form.file) throw fieldError('file', 'Please select a CSV or Excel file');
        const parsed = await checkImportFile(app.ctx, schoolId, form.file.buffer);
        const { validCount, invalidCount } = parsed.preview;
        if (fields.dryRun === 'true') {
          return ok(`${validCount} rows ready to import, ${invalidCount} with errors`, parsed.preview);
        }
        if (validCount === 0) throw fieldError('file', `No valid rows to import: ${invalidCount} rows have errors`);
        const result = await importStudents(app.ctx, schoolId, parsed, form.file.filename, actorOf(request));
        const message = [
          `Successfully created ${result.created} students`,
          ...(result.failed ? [`Failed to create ${result.failed} students`] : []),
        ].join('. ');
        return ok(message, result);
      },
    );
  }
};
