import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { FORM_LIMITS } from '../files/files.routes';
import { removeTemp } from '../files/temp-files';
import { receiveUpload } from '../files/upload-stream';
import { importByteLimit, importStatus, startImport } from './imports.service';

/** The longest an upload of an export may take: 50 MB at about 100 KB/s. */
const RECEIVE_TIMEOUT_MS = 10 * 60_000;

/**
 * Importing conversations (docs/reference/import.md (Importing conversations)): the upload answers 202 with a job,
 * which the user polls while the file is read in the background.
 */
export const importsRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  await app.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: false });
  app.addHook('preValidation', requireAuth(deps, services));
  const db = deps.database.db;

  addRoute(app, 'importConversations', {
    handler: async (request, reply) => {
      const signal = AbortSignal.timeout(RECEIVE_TIMEOUT_MS);
      const { file } = await receiveUpload(request, {
        dataDir: deps.config.dataDir,
        fileField: 'file',
        partLimit: importByteLimit.bytes + 1,
        limitFor: () => importByteLimit,
        signal,
      });
      try {
        const started = await startImport(
          { db, storage: await services.storage() },
          authUser(request).id,
          file,
        );
        services.imports.wake();
        return reply.status(202).send(started);
      } finally {
        await removeTemp(file?.path);
      }
    },
  });

  addRoute(app, 'getImportJob', {
    handler: async (request) => importStatus(db, authUser(request).id, request.params.jobId),
  });
};
