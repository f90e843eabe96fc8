import type { FastifyPluginAsync } from 'fastify';
import { deletePresetsRequestSchema, PRESETS_API, savePresetRequestSchema } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { parseInput } from '../../lib/validate';
import { authUser, requireAuth } from '../auth/auth.guard';
import * as presets from './presets.service';

/**
 * Presets (docs/reference/presets.md (Saving a preset; Listing and deleting)): list, save (answers the new list),
 * delete one or all.
 */
export const presetsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.addHook('preHandler', requireAuth(deps));

  app.get(PRESETS_API.presets, async (request) => presets.listPresets(deps, authUser(request).id));

  app.post(PRESETS_API.presets, async (request, reply) => {
    const input = parseInput(savePresetRequestSchema, request.body, 'preset');
    const { created, presets: list } = await presets.savePreset(deps, authUser(request).id, input);
    return reply.status(created ? 201 : 200).send(list);
  });

  app.post(PRESETS_API.delete, async (request) => {
    const { arg } = parseInput(deletePresetsRequestSchema, request.body);
    return presets.deletePresets(deps, authUser(request).id, arg);
  });
};
