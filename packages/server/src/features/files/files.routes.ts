import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { deleteUserFiles } from './delete.service';
import { UPLOAD_MESSAGES } from './files.messages';
import { fileUsage, listFiles, openDownload } from './files.service';
import { uploadRoutes } from './upload.routes';

/**
 * The upload form's limits, for this feature only (the app's JSON bodies stay at 1 MB): one file, a few short
 * fields. The file's own limit is set per request from the file config.
 */
const FORM_LIMITS = { fieldNameSize: 100, fieldSize: 2048, fields: 12, files: 1, parts: 14, headerPairs: 50 };

/**
 * Files (docs/reference/files.md (Uploading; Deleting files; Storage)): list, config, delete, download, uploads; all
 * behind the auth guard.
 */
export const filesRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  await app.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: false });
  app.addHook('preValidation', requireAuth(deps, services.tokenCache));

  const { storageForSource } = services;
  addRoute(app, 'listFiles', { handler: async (request) => listFiles(deps, authUser(request).id) });
  addRoute(app, 'getFileConfig', { handler: async () => deps.config.files.fileConfig });
  addRoute(app, 'getFileUsage', { handler: async (request) => fileUsage(deps, authUser(request).id) });

  addRoute(app, 'deleteFiles', {
    handler: async (request) => {
      const ids = request.body.files.map((f) => f.file_id);
      const deleted = await deleteUserFiles(
        { deps, storageForSource, log: request.log },
        authUser(request).id,
        ids,
      );
      return { message: UPLOAD_MESSAGES.deleted, deleted };
    },
  });

  addRoute(app, 'downloadFile', {
    handler: async (request, reply) => {
      const { headers, body } = await openDownload(
        { deps, storageForSource },
        authUser(request).id,
        request.params.file_id,
      );
      return reply.headers(headers).send(body);
    },
  });

  uploadRoutes(app, deps, services);
};
