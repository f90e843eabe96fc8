import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_STATUS } from '@parley/shared';
import { addRoute } from '../../lib/api-routes';
import { AppError } from '../../lib/app-error';
import { escapeHtml } from '../../lib/escape-html';
import type { ActionOAuth, OAuthAction } from './action-oauth.service';

export interface ActionOAuthRouteOptions {
  oauth: ActionOAuth;
  /** The action of that id if it belongs to that user, with its opened secrets. */
  loadAction: (actionId: string, userId: string) => Promise<OAuthAction | null>;
  /** Throws an AppError (a 404) when the feature is off on this server; called first. */
  assertAvailable?: () => void;
  /** Told when a user's consent is stored (the run waiting in `requires_action` goes on). */
  onAuthorized?: (result: { userId: string; actionId: string; runId?: string }) => Promise<void> | void;
}

// Stricter than the route table's lenient schemas, which only make sure every answer is this route's page.
const paramsSchema = z.object({ action_id: z.string().min(1).max(128) });
const querySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
});

/** Words LibreChat's callback page shows on success. */
export const OAUTH_SUCCESS_TEXT =
  'Authentication successful. You can close this window and return to your chat.';

/**
 * `GET /api/actions/:action_id/oauth/callback` (LibreChat's path): where an action's OAuth provider sends the browser
 * back. It is a navigation from the provider's site with no Parley session, so the sealed `state` alone says who it
 * is for; the answer is a small page, in every case, saying how it went.
 */
export function addActionOAuthCallback(app: FastifyInstance, options: ActionOAuthRouteOptions): void {
  addRoute(app, 'actionOAuthCallback', {
    errorHandler: (error, request, reply) => void failurePage(error, request, reply),
    handler: async (request, reply) => {
      options.assertAvailable?.();
      const params = paramsSchema.safeParse(request.params);
      const query = querySchema.safeParse(request.query);
      if (!params.success || !query.success)
        return page(reply, 400, 'Authentication failed: the request is malformed.');
      if (query.data.error) {
        return page(reply, 400, `Authentication failed: the provider answered "${query.data.error}".`);
      }
      const result = await options.oauth.completeActionOAuth({
        actionId: params.data.action_id,
        code: query.data.code,
        state: query.data.state,
        loadAction: options.loadAction,
      });
      await options.onAuthorized?.(result);
      return page(reply, 200, OAUTH_SUCCESS_TEXT);
    },
  });
}

/** A refusal names its reason; anything unexpected is a plain 500 page that tells nothing of it (it is logged). */
function failurePage(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError && error.code !== 'INTERNAL') {
    return page(reply, ERROR_STATUS[error.code], `Authentication failed: ${error.message}`);
  }
  if ('validation' in error && error.validation) {
    return page(reply, 400, 'Authentication failed: the request is malformed.');
  }
  request.log.error({ err: error }, 'action OAuth callback failed');
  return page(reply, 500, 'Authentication failed. Please try again.');
}

function page(reply: FastifyReply, status: number, text: string) {
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Parley</title></head><body><p>${escapeHtml(text)}</p></body></html>`;
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
