import type { FastifyPluginAsync } from 'fastify';
import type { AppPluginOptions } from '../../app-services';
import { addActionOAuthCallback } from '../actions/action-oauth.routes';
import { openActionSecrets } from '../actions/action-secrets';
import { findUserAction } from './assistant-actions.repository';
import { storedAction } from './assistant-action-record';
import { assistantsSettings } from './assistants.service';

/**
 * The OAuth callback of assistants' actions (docs/reference/assistants.md (Signing in to an action)). It answers
 * only while the assistants endpoint is configured (a 404 page otherwise). The token it stores is what the run waiting
 * in `requires_action` looks for, on whichever instance it runs.
 */
export const assistantActionOAuthRoutes: FastifyPluginAsync<AppPluginOptions> = async (
  app,
  { deps, services },
) => {
  const db = deps.database.db;
  addActionOAuthCallback(app, {
    oauth: services.assistantRuntime.oauth,
    assertAvailable: () => void assistantsSettings({ deps }),
    loadAction: async (actionId, userId) => {
      const row = await findUserAction(db, userId, actionId);
      if (!row) return null;
      const action = storedAction(row);
      return { action, secrets: openActionSecrets(deps.config, action.action_id, action.metadata) };
    },
  });
};
