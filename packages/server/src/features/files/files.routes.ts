import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { API, deleteFilesPayloadSchema, type DeleteFilesResponse, type FileUsage } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { fileSettingsOf } from '../../config/file-settings';
import { parseInput } from '../../lib/validate';
import { authUser, requireAuth } from '../auth/auth.guard';
import { deleteUserFiles } from './delete.service';
import { downloadRoute } from './download.route';
import { toFileRecord } from './file-record';
import { UPLOAD_MESSAGES } from './files.messages';
import { listUserFiles, userStorageUsed } from './files.repository';
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
export const filesRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: false });
  app.addHook('preHandler', requireAuth(deps));

  app.get(API.files, async (request) =>
    (await listUserFiles(deps.database.db, authUser(request).id)).map(toFileRecord),
  );

  app.get(API.filesConfig, async () => fileSettingsOf(deps.config).fileConfig);

  app.get(API.filesUsage, async (request): Promise<FileUsage> => ({
    used: await userStorageUsed(deps.database.db, authUser(request).id),
    limit: fileSettingsOf(deps.config).fileConfig.userStorageLimit,
  }));

  app.delete(API.files, async (request): Promise<DeleteFilesResponse> => {
    const { files } = parseInput(deleteFilesPayloadSchema, request.body);
    const ids = files.map((f) => f.file_id);
    const deleted = await deleteUserFiles({ deps, log: request.log }, authUser(request).id, ids);
    return { message: UPLOAD_MESSAGES.deleted, deleted };
  });

  downloadRoute(app, deps);
  uploadRoutes(app, deps);
};
