import {
  changePasswordRequestSchema,
  MSG,
  sessionUserSchema,
  updateProfileRequestSchema,
  uploadedFileResponseSchema,
} from '@schoolledger/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filePart, multipartBody, ok, responses } from '../../lib/http.js';
import { actorOf, authenticate, authOf } from '../../plugins/auth.js';
import { storeUploadedAvatar } from '../files/image-upload.js';
import { changePassword, getProfile, setProfilePicture, updateProfile } from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticate);
  const tags = ['profile'];

  const beforePasswordChange = { beforePasswordChange: true };

  app.get(
    '/user/profile',
    {
      config: beforePasswordChange,
      schema: { summary: 'Get my profile', tags, response: responses(sessionUserSchema) },
    },
    async (request) => ok('Profile loaded', await getProfile(app.ctx, authOf(request))),
  );

  app.put(
    '/user/profile',
    {
      schema: {
        summary: 'Update my profile',
        tags,
        body: updateProfileRequestSchema,
        response: responses(sessionUserSchema),
      },
    },
    async (request) =>
      ok(MSG.profileUpdated, await updateProfile(app.ctx, authOf(request), request.body, actorOf(request))),
  );

  for (const url of ['/user/profile/change-password', '/user/change-password']) {
    app.post(
      url,
      {
        config: beforePasswordChange,
        schema: {
          summary: 'Change my password',
          tags,
          body: changePasswordRequestSchema,
          response: responses(z.null()),
        },
      },
      async (request) => {
        await changePassword(app.ctx, authOf(request), request.body, actorOf(request));
        return ok(MSG.passwordChanged, null);
      },
    );
  }

  async function uploadPicture(request: FastifyRequest) {
    const url = await storeUploadedAvatar(request, 'file', app.ctx.config.uploadsDir);
    await setProfilePicture(app.ctx, authOf(request), url, actorOf(request));
    return ok(MSG.pictureUpdated, { url });
  }
  for (const url of ['/user/profile/upload-picture', '/user/upload-profile-picture']) {
    app.post(
      url,
      {
        schema: {
          summary: 'Upload my profile picture',
          tags,
          ...multipartBody(z.object({ file: filePart('An image (PNG, JPEG, GIF or WebP) under 5MB') })),
          response: responses(uploadedFileResponseSchema),
        },
      },
      uploadPicture,
    );
  }
};
