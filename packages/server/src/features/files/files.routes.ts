import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { toFileConfigAnswer } from '@parley/shared';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { deleteUserFiles } from './delete.service';
import { UPLOAD_MESSAGES } from './files.messages';
import { fileUsage, listFiles, openDownload, openSignedDownload } from './files.service';
import { triesSignature } from './file-url';
import { uploadRoutes } from './upload.routes';

/**
 * The upload form's limits, for the upload calls only (the app's JSON bodies stay at 1 MB): one file, a few short
 * fields. The file's own limit is set per request from the file config. The assistant avatar's form shares them.
 */
export const FORM_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 2048,
  fields: 12,
  files: 1,
  parts: 14,
  headerPairs: 50,
};

/**
 * Files (docs/reference/files.md (Uploading; Deleting files; Storage; Reading a file)): list, config, delete,
 * uploads behind the auth guard; download with the bearer token or a signed URL.
 */
export const filesRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const { storageForSource } = services;
  const guard = requireAuth(deps, services);

  // An `<img src>` cannot send the bearer token: a request without one that carries `exp`/`sig` is checked by
  // its signature instead (file-url.ts); with a token, the token decides, as for every other call.
  addRoute(app, 'downloadFile', {
    preValidation: [
      async (request) => {
        if (request.headers.authorization === undefined && triesSignature(request.query)) return;
        await guard(request);
      },
    ],
    handler: async (request, reply) => {
      const ctx = { deps, storageForSource };
      const { file_id: fileId } = request.params;
      const { headers, body } = request.authUser
        ? await openDownload(ctx, request.authUser.id, fileId)
        : await openSignedDownload(ctx, fileId, request.query);
      return reply.headers(headers).send(body);
    },
  });

  await app.register(ownerRoutes, { deps, services });
};

/** The calls that take the bearer token only. */
const ownerRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  await app.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: false });
  app.addHook('preValidation', requireAuth(deps, services));

  const { storageForSource } = services;
  addRoute(app, 'listFiles', { handler: async (request) => listFiles(deps, authUser(request).id) });
  // Sizes in megabytes on the wire; the server itself checks bytes (docs/reference/files.md (File limits)).
  addRoute(app, 'getFileConfig', { handler: async () => toFileConfigAnswer(deps.config.files.fileConfig) });
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

  uploadRoutes(app, deps, services);
};
