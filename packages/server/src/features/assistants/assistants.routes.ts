import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { authUser, requireAuth } from '../auth/auth.guard';
import { listPlugins } from '../plugins/plugins.service';
import { receiveUpload } from '../files/upload-stream';
import { FORM_LIMITS } from '../files/files.routes';
import { UPLOAD_TIMEOUT_MS } from '../files/upload.routes';
import { assistantAvatarLimit, saveAssistantAvatar } from './assistant-avatar.service';
import * as assistants from './assistants.service';

/** Assistants (docs/reference/assistants.md): LibreChat's paths, Parley's own runtime behind them. */
export const assistantsRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  await app.register(multipart, { limits: FORM_LIMITS, throwFileSizeLimit: false });
  app.addHook('preValidation', requireAuth(deps, services));
  const ctx: assistants.AssistantsContext = { deps, registry: services.registry, tools: services.tools };
  const user = (request: FastifyRequest) => authUser(request).id;

  addRoute(app, 'listAssistants', {
    handler: async (request) => assistants.listAssistants(ctx, user(request), request.query),
  });
  addRoute(app, 'createAssistant', {
    handler: async (request, reply) =>
      reply.status(201).send(await assistants.createAssistant(ctx, user(request), request.body)),
  });
  addRoute(app, 'listAssistantDocuments', {
    handler: async (request) => assistants.listAssistantDocuments(ctx, user(request)),
  });
  addRoute(app, 'listAssistantTools', {
    handler: async (request) => {
      assistants.assistantsSettings(ctx);
      return listPlugins(deps, user(request), services.extraPlugins());
    },
  });
  // Loaded with the first actions call: their OpenAPI reader (and YAML) is not part of the server's start.
  const actions = () => import('./assistant-actions.service');
  addRoute(app, 'listAssistantActions', {
    handler: async (request) => (await actions()).listActions(ctx, user(request)),
  });
  addRoute(app, 'updateAssistantAction', {
    handler: async (request) =>
      (await actions()).saveAction(ctx, user(request), request.params.assistant_id, request.body),
  });
  addRoute(app, 'deleteAssistantAction', {
    handler: async (request) =>
      (await actions()).deleteAction(
        ctx,
        user(request),
        request.params.assistant_id,
        request.params.action_id,
      ),
  });
  addRoute(app, 'uploadAssistantAvatar', {
    handler: async (request, reply) => {
      const files = {
        deps,
        storage: await services.storage(),
        storageForSource: services.storageForSource,
        log: request.log,
      };
      // Refused before the body is read: the endpoint, the builder and the assistant's owner.
      await assistants.getAssistant(ctx, user(request), request.params.assistant_id);
      assistants.builderSettings(ctx);
      const limit = assistantAvatarLimit(files);
      const signal = AbortSignal.timeout(UPLOAD_TIMEOUT_MS);
      const received = await receiveUpload(request, {
        dataDir: deps.config.dataDir,
        fileField: 'file',
        partLimit: limit.bytes + 1,
        limitFor: () => limit,
        signal,
      });
      const saved = await saveAssistantAvatar(
        files,
        user(request),
        request.params.assistant_id,
        received,
        signal,
      );
      return reply.status(201).send(saved);
    },
  });
  addRoute(app, 'getAssistant', {
    handler: async (request) => assistants.getAssistant(ctx, user(request), request.params.id),
  });
  addRoute(app, 'updateAssistant', {
    handler: async (request) =>
      assistants.updateAssistant(ctx, user(request), request.params.id, request.body),
  });
  addRoute(app, 'deleteAssistant', {
    handler: async (request) => assistants.deleteAssistant(ctx, user(request), request.params.id),
  });
};
