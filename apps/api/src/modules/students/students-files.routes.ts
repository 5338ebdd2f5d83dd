import {
  entityMessages,
  idParamsSchema,
  idSchema,
  importPreviewSchema,
  importResultSchema,
  MSG,
  studentListQuerySchema,
} from '@schoolledger/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fieldError } from '../../lib/errors.js';
import { filePart, fileResponses, multipartBody, ok, responses } from '../../lib/http.js';
import { parseOrThrow } from '../../lib/validation.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { readMultipart, storeUploadedAvatar } from '../files/image-upload.js';
import { assertMayChange } from '../users/users.service.js';
import { toFileRow } from './students.presenters.js';
import { assertManageableStudent, listStudentsForExport, setStudentImage } from './students.service.js';
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

/** Students in and out of files: the export, the import and its template, and the profile image. */
export const studentFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const params = idParamsSchema;

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
        const students = await listStudentsForExport(app.ctx, authOf(request), filters, {
          actor: actorOf(request),
          format,
        });
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
  /* Files */

  app.post(
    '/students/:id/profile-image',
    {
      preValidation: authorize('students.manage'),
      schema: {
        summary: "Upload a student's profile image",
        tags,
        params,
        ...multipartBody(z.object({ image: filePart('An image (PNG, JPEG, GIF or WebP) under 5MB') })),
        response: responses(z.object({ imageUrl: z.string() })),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const student = await assertManageableStudent(app.ctx, auth, request.params.id);
      const imageUrl = await storeUploadedAvatar(request, 'image', app.ctx.config.uploadsDir);
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
          ...multipartBody(importFields.extend({ file: filePart('The students as a CSV or Excel file') })),
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
        assertMayChange({ auth, target: null, roles: ['Student'] });
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
