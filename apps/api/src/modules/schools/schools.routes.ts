import {
  addressCreateSchema,
  addressInputSchema,
  addressSchema,
  entityMessages,
  groupSchoolInputSchema,
  groupSchoolSchema,
  idParamsSchema,
  idSchema,
  MSG,
  schoolInputSchema,
  schoolSchema,
} from '@schoolledger/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filePart, multipartBody, ok, responses } from '../../lib/http.js';
import { parseOrThrow } from '../../lib/validation.js';
import { actorOf, authenticate, authOf, authorize } from '../../plugins/auth.js';
import { assertSchoolInScope } from '../../plugins/tenancy.js';
import { readMultipart, storeImage } from '../files/image-upload.js';
import { toAddress, toGroupSchool, toSchool } from './schools.presenters.js';
import {
  listAddresses,
  listAddressesOfSchool,
  listGroupSchools,
  listSchools,
  listSchoolsAtAddress,
  listSchoolsOfGroup,
} from './schools.queries.js';
import {
  createAddress,
  createGroupSchool,
  createSchool,
  deleteAddress,
  deleteGroupSchool,
  deleteSchool,
  getAddress,
  getGroupSchool,
  getSchool,
  updateAddress,
  updateGroupSchool,
  updateSchool,
} from './schools.service.js';

const GROUP = entityMessages('Group school');
const SCHOOL = entityMessages('School');
const ADDRESS = entityMessages('Address');

export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const params = idParamsSchema;

  /* Group schools accept JSON, or multipart with a `logo` image file. */
  async function readGroupSchoolInput(request: FastifyRequest) {
    if (!request.isMultipart()) return parseOrThrow(groupSchoolInputSchema, request.body ?? {});
    const form = await readMultipart(request, 'logo', MSG.fileTooLarge);
    const input = parseOrThrow(groupSchoolInputSchema, { ...form.fields, logo: form.fields.logo || undefined });
    if (form.file) {
      const logo = await storeImage({
        buffer: form.file.buffer,
        uploadsDir: app.ctx.config.uploadsDir,
        folder: 'logos',
        field: 'logo',
      });
      return { ...input, logo };
    }
    return input;
  }
  const groupTags = ['group schools'];
  const multipartDoc = multipartBody(
    groupSchoolInputSchema.extend({
      logo: z
        .union([filePart('An image (PNG, JPEG, GIF or WebP) under 5MB, in a multipart form'), z.string()])
        .optional()
        .meta({ description: 'The logo: an image file in a multipart form, or the link of one already uploaded' }),
    }),
    { alsoJson: true },
  );

  app.get(
    '/groupschool/all',
    { schema: { summary: 'List group schools', tags: groupTags, response: responses(z.array(groupSchoolSchema)) } },
    async (request) =>
      ok('Group schools loaded', (await listGroupSchools(app.ctx.db, authOf(request).scope)).map(toGroupSchool)),
  );
  app.get(
    '/groupschool/:id',
    { schema: { summary: 'Get a group school', tags: groupTags, params, response: responses(groupSchoolSchema) } },
    async (request) =>
      ok('Group school loaded', toGroupSchool(await getGroupSchool(app.ctx, authOf(request), request.params.id))),
  );
  app.post(
    '/groupschool/create',
    {
      preValidation: authorize('groupSchools.manage'),
      schema: {
        summary: 'Create a group school',
        tags: groupTags,
        ...multipartDoc,
        response: responses(groupSchoolSchema),
      },
    },
    async (request) => {
      const input = await readGroupSchoolInput(request);
      return ok(
        GROUP.created,
        toGroupSchool(await createGroupSchool(app.ctx, authOf(request), input, actorOf(request))),
      );
    },
  );
  app.put(
    '/groupschool/:id/update',
    {
      preValidation: authorize('groupSchools.manage'),
      schema: {
        summary: 'Update a group school',
        tags: groupTags,
        params,
        ...multipartDoc,
        response: responses(groupSchoolSchema),
      },
    },
    async (request) => {
      await getGroupSchool(app.ctx, authOf(request), request.params.id);
      const input = await readGroupSchoolInput(request);
      const row = await updateGroupSchool(app.ctx, authOf(request), request.params.id, input, actorOf(request));
      return ok(GROUP.updated, toGroupSchool(row));
    },
  );
  app.delete(
    '/groupschool/:id/delete',
    {
      preValidation: authorize('groupSchools.manage'),
      schema: { summary: 'Delete a group school', tags: groupTags, params, response: responses(z.null()) },
    },
    async (request) => {
      await deleteGroupSchool(app.ctx, authOf(request), request.params.id, actorOf(request));
      return ok(GROUP.deleted, null);
    },
  );

  /* Schools */
  const schoolTags = ['schools'];
  app.get(
    '/school/all',
    { schema: { summary: 'List schools', tags: schoolTags, response: responses(z.array(schoolSchema)) } },
    async (request) => ok('Schools loaded', (await listSchools(app.ctx.db, authOf(request).scope)).map(toSchool)),
  );
  app.get(
    '/school/by-groupSchool',
    {
      schema: {
        summary: 'List the schools of a group',
        tags: schoolTags,
        querystring: z.object({ groupSchool_id: idSchema }),
        response: responses(z.array(schoolSchema)),
      },
    },
    async (request) => {
      // A group the caller cannot see is not there: 404, like every other foreign id.
      await getGroupSchool(app.ctx, authOf(request), request.query.groupSchool_id);
      const rows = await listSchoolsOfGroup(app.ctx.db, authOf(request).scope, request.query.groupSchool_id);
      return ok('Schools loaded', rows.map(toSchool));
    },
  );
  app.get(
    '/school/by-address',
    {
      schema: {
        summary: 'Find the school at an address',
        tags: schoolTags,
        querystring: z.object({ address_id: idSchema }),
        response: responses(z.array(schoolSchema)),
      },
    },
    async (request) => {
      await getAddress(app.ctx, authOf(request), request.query.address_id);
      const rows = await listSchoolsAtAddress(app.ctx.db, authOf(request).scope, request.query.address_id);
      return ok('Schools loaded', rows.map(toSchool));
    },
  );
  app.get(
    '/school/:id',
    { schema: { summary: 'Get a school', tags: schoolTags, params, response: responses(schoolSchema) } },
    async (request) => ok('School loaded', toSchool(await getSchool(app.ctx, authOf(request), request.params.id))),
  );
  app.post(
    '/school/create',
    {
      preValidation: authorize('schools.manage'),
      schema: {
        summary: 'Create a school',
        tags: schoolTags,
        body: schoolInputSchema,
        response: responses(schoolSchema),
      },
    },
    async (request) => {
      const input = { ...request.body, email: request.body.email ?? null };
      return ok(SCHOOL.created, toSchool(await createSchool(app.ctx, authOf(request), input, actorOf(request))));
    },
  );
  app.put(
    '/school/:id/update',
    {
      preValidation: authorize('schools.manage'),
      schema: {
        summary: 'Update a school',
        tags: schoolTags,
        params,
        body: schoolInputSchema,
        response: responses(schoolSchema),
      },
    },
    async (request) => {
      const input = { ...request.body, email: request.body.email ?? null };
      const row = await updateSchool(app.ctx, authOf(request), request.params.id, input, actorOf(request));
      return ok(SCHOOL.updated, toSchool(row));
    },
  );
  app.delete(
    '/school/:id/delete',
    {
      preValidation: authorize('schools.manage'),
      schema: { summary: 'Delete a school', tags: schoolTags, params, response: responses(z.null()) },
    },
    async (request) => {
      await deleteSchool(app.ctx, authOf(request), request.params.id, actorOf(request));
      return ok(SCHOOL.deleted, null);
    },
  );

  /* Addresses */
  const addressTags = ['addresses'];
  app.get(
    '/address/all',
    {
      schema: {
        summary: 'List addresses',
        tags: addressTags,
        querystring: z.object({ school_id: idSchema.optional() }),
        response: responses(z.array(addressSchema)),
      },
    },
    async (request) => {
      const { scope } = authOf(request);
      const schoolId = request.query.school_id;
      if (schoolId) assertSchoolInScope(scope, schoolId, SCHOOL.notFound);
      const rows = schoolId
        ? await listAddressesOfSchool(app.ctx.db, scope, schoolId)
        : await listAddresses(app.ctx.db, scope);
      return ok('Addresses loaded', rows.map(toAddress));
    },
  );
  app.get(
    '/address/:id',
    { schema: { summary: 'Get an address', tags: addressTags, params, response: responses(addressSchema) } },
    async (request) => ok('Address loaded', toAddress(await getAddress(app.ctx, authOf(request), request.params.id))),
  );
  app.post(
    '/address/create',
    {
      preValidation: authorize('addresses.manage'),
      schema: {
        summary: 'Create an address',
        tags: addressTags,
        body: addressCreateSchema,
        response: responses(addressSchema),
      },
    },
    async (request) =>
      ok(ADDRESS.created, toAddress(await createAddress(app.ctx, authOf(request), request.body, actorOf(request)))),
  );
  app.put(
    '/address/:id/update',
    {
      preValidation: authorize('addresses.manage'),
      schema: {
        summary: 'Update an address',
        tags: addressTags,
        params,
        body: addressInputSchema,
        response: responses(addressSchema),
      },
    },
    async (request) =>
      ok(
        ADDRESS.updated,
        toAddress(await updateAddress(app.ctx, authOf(request), request.params.id, request.body, actorOf(request))),
      ),
  );
  app.delete(
    '/address/:id/delete',
    {
      preValidation: authorize('addresses.manage'),
      schema: { summary: 'Delete an address', tags: addressTags, params, response: responses(z.null()) },
    },
    async (request) => {
      await deleteAddress(app.ctx, authOf(request), request.params.id, actorOf(request));
      return ok(ADDRESS.deleted, null);
    },
  );
};
