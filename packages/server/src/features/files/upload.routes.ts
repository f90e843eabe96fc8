import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { AppServices } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser } from '../auth/auth.guard';
import { avatarByteLimit, saveAvatar } from './avatar.service';
import { userStorageUsed } from './files.repository';
import type { FilesContext } from './store-file';
import { uploadLimitsPreHandler } from './upload-limits';
import { receiveUpload } from './upload-stream';
import { saveUpload, uploadByteLimit, type UploadPolicy, type UploadRoute } from './upload.service';

/**
 * The longest an upload may run, receipt and storing together: ten minutes, so 512 MB needs about 1 MB/s. It is
 * below the repair's 15 minutes and the temporary-file sweep's ten minutes idle, so neither touches a live upload.
 */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * POST /api/files, /api/files/images and /api/files/images/avatar
 * (docs/reference/files.md (Uploading; Profile picture)), rate-limited before the body.
 */
export function uploadRoutes(app: FastifyInstance, deps: AppDeps, services: AppServices): void {
  const limited = [uploadLimitsPreHandler(deps, services.uploadLimiters)];
  const fileConfig = () => deps.config.files.fileConfig;
  const context = async (request: FastifyRequest): Promise<FilesContext> => ({
    deps,
    storage: await services.storage(),
    storageForSource: services.storageForSource,
    log: request.log,
  });

  // Uploads go to the endpoints the operator configured, as chats do: the registry knows them.
  const { registry } = services;
  // The assistants endpoint is the operator's YAML section, not a provider's.
  const isConfiguredEndpoint = (endpoint: string) =>
    registry.getEndpoint(endpoint) !== undefined ||
    (endpoint === 'assistants' && deps.config.assistants !== null);

  const upload = (route: UploadRoute) => async (request: FastifyRequest) =>
    withDeadline(async (signal) => {
      const userId = authUser(request).id;
      const config = fileConfig();
      const policy: UploadPolicy = {
        config,
        isConfiguredEndpoint,
        used: config.userStorageLimit === null ? 0 : await userStorageUsed(deps.database.db, userId),
        assistants: services.assistantUploads,
      };
      const received = await receiveUpload(request, {
        dataDir: deps.config.dataDir,
        fileField: 'file',
        partLimit: config.serverFileSizeLimit + 1,
        limitFor: (fields) => uploadByteLimit(policy, fields),
        signal,
      });
      return saveUpload(await context(request), userId, received, route, policy, signal);
    });

  addRoute(app, 'uploadFile', {
    preValidation: limited,
    handler: async (request, reply) => reply.status(201).send(await upload('files')(request)),
  });
  addRoute(app, 'uploadImage', {
    preValidation: limited,
    handler: async (request, reply) => reply.status(201).send(await upload('images')(request)),
  });

  addRoute(app, 'uploadAvatar', {
    preValidation: limited,
    handler: async (request) =>
      withDeadline(async (signal) => {
        const limit = avatarByteLimit(deps);
        const received = await receiveUpload(request, {
          dataDir: deps.config.dataDir,
          fileField: 'input',
          partLimit: limit.bytes + 1,
          limitFor: () => limit,
          signal,
        });
        return saveAvatar(await context(request), authUser(request).id, received, signal);
      }),
  });
}

async function withDeadline<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  try {
    return await work(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}
