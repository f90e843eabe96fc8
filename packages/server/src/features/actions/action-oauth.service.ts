import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { CredsConfig } from '../../lib/crypto';
import { ToolError, type ToolContext } from '../tools/tool';
import { ActionAuthRequired } from './action-errors';
import { requestTokens, TokenExchangeError } from './action-oauth-exchange';
import { ACTION_OAUTH_STATE_TTL_MS, openState, sealState } from './action-oauth-state';
import { loadTokens, saveTokens, type OpenedTokens } from './action-oauth-token-store';
import { deleteActionOAuthToken } from './action-oauth-tokens.repository';
import type { ActionSecrets, StoredAction } from './action.types';

export interface ActionOAuthDeps {
  db: Db;
  creds: CredsConfig;
  /** The guarded fetch (USER_URL_ALLOWED_RANGES applied): token URLs are user-given. */
  guardedFetch: typeof fetch;
  /** Parley's public origin (DOMAIN_SERVER), where the provider sends the browser back. */
  serverOrigin: string;
  now?: () => number;
}

/** An action with its opened secrets, as the OAuth steps need it. */
export interface OAuthAction {
  action: Pick<StoredAction, 'action_id' | 'metadata'>;
  secrets: ActionSecrets;
}

/** The callback's path, LibreChat's: the provider sends the browser back here with `code` and `state`. */
export const actionOAuthCallbackPath = (actionId: string) =>
  `/api/actions/${encodeURIComponent(actionId)}/oauth/callback`;

/** An access token this close to its expiry is refreshed first, so it does not expire on the way. */
const EXPIRY_MARGIN_MS = 60_000;

/** The authorization-code flow of OAuth actions, and the tokens it stores (one instance per app). */
export function createActionOAuth(deps: ActionOAuthDeps) {
  const now = deps.now ?? Date.now;
  const redirectUri = (actionId: string) =>
    `${deps.serverOrigin.replace(/\/+$/, '')}${actionOAuthCallbackPath(actionId)}`;
  // One refresh at a time per user and action: parallel tool calls share it instead of spending the refresh token twice.
  const refreshing = new Map<string, Promise<OpenedTokens>>();

  /** The provider's consent URL for this user and action, with a sealed state that expires in 10 minutes. */
  function beginActionOAuth(target: OAuthAction, userId: string, runId?: string) {
    const { auth } = target.action.metadata;
    if (auth.type !== 'oauth' || !auth.authorization_url || !target.secrets.oauth_client_id) {
      throw new AppError('VALIDATION', 'This action does not sign in with OAuth');
    }
    const expiresAt = now() + ACTION_OAUTH_STATE_TTL_MS;
    const actionId = target.action.action_id;
    const state = sealState({ userId, actionId, expiresAt, ...(runId ? { runId } : {}) }, deps.creds);
    const url = new URL(auth.authorization_url);
    url.searchParams.set('client_id', target.secrets.oauth_client_id);
    url.searchParams.set('scope', auth.scope ?? '');
    url.searchParams.set('redirect_uri', redirectUri(actionId));
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('state', state);
    return { url: url.toString(), state, expiresAt };
  }

  /**
   * The callback's work: checks the state (sealed here, unexpired, for this action), exchanges the code at the token
   * URL and stores the tokens. Answers who and what it was for, so the waiting run can go on.
   */
  async function completeActionOAuth(input: {
    actionId: string;
    code: string | undefined;
    state: string | undefined;
    /** The action of that id, if it is this user's, with its opened secrets. */
    loadAction: (actionId: string, userId: string) => Promise<OAuthAction | null>;
  }): Promise<{ userId: string; actionId: string; runId?: string }> {
    const state = input.state ? openState(input.state, deps.creds, now()) : null;
    if (!state) throw new AppError('VALIDATION', 'Invalid or expired state parameter');
    if (state.actionId !== input.actionId)
      throw new AppError('VALIDATION', 'Mismatched action ID in state parameter');
    if (!input.code) throw new AppError('VALIDATION', 'The provider sent no authorization code');
    const target = await input.loadAction(state.actionId, state.userId);
    if (!target) throw new AppError('NOT_FOUND', 'Action not found');
    const client = clientOf(target);
    const answer = await exchange(client, {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: redirectUri(state.actionId),
    });
    await saveTokens(deps.db, deps.creds, { userId: state.userId, actionId: state.actionId }, answer, now());
    return { userId: state.userId, actionId: state.actionId, ...(state.runId ? { runId: state.runId } : {}) };
  }

  /**
   * The user's access token for the action: the stored one while it lives, else a refreshed one. Throws
   * ActionAuthRequired (with a consent URL) when there is none, or it expired and cannot be refreshed.
   */
  async function accessToken(
    target: OAuthAction,
    userId: string,
    options: { runId?: string; signal?: AbortSignal } = {},
  ) {
    const actionId = target.action.action_id;
    const tokens = await loadTokens(deps.db, deps.creds, userId, actionId);
    const needConsent = (): never => {
      const begun = beginActionOAuth(target, userId, options.runId);
      throw new ActionAuthRequired(actionId, target.action.metadata.domain, begun.url, begun.expiresAt);
    };
    if (!tokens) return needConsent();
    if (tokens.expiresAt === undefined || tokens.expiresAt - EXPIRY_MARGIN_MS > now())
      return tokens.accessToken;
    if (!tokens.refreshToken) {
      await deleteActionOAuthToken(deps.db, userId, actionId);
      return needConsent();
    }
    const key = JSON.stringify([userId, actionId]);
    let pending = refreshing.get(key);
    if (!pending) {
      pending = refresh(target, userId, tokens.refreshToken, options.signal).finally(() =>
        refreshing.delete(key),
      );
      refreshing.set(key, pending);
    }
    try {
      return (await pending).accessToken;
    } catch (error) {
      if (!(error instanceof TokenExchangeError) || !error.refused) throw error;
      await deleteActionOAuthToken(deps.db, userId, actionId);
      return needConsent();
    }
  }

  async function refresh(target: OAuthAction, userId: string, refreshToken: string, signal?: AbortSignal) {
    const answer = await exchange(
      clientOf(target),
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      signal,
      true,
    );
    return saveTokens(
      deps.db,
      deps.creds,
      { userId, actionId: target.action.action_id },
      answer,
      now(),
      refreshToken,
    );
  }

  async function exchange(
    client: ReturnType<typeof clientOf>,
    grant: Record<string, string>,
    signal?: AbortSignal,
    forTool = false,
  ) {
    try {
      return await requestTokens(deps.guardedFetch, { ...client, grant, ...(signal ? { signal } : {}) });
    } catch (error) {
      if (!(error instanceof TokenExchangeError)) throw error;
      if (forTool) {
        if (error.refused) throw error;
        throw new ToolError(error.message);
      }
      throw new AppError('BAD_GATEWAY', error.message);
    }
  }

  /** For `createActionTools`: the token of this user, asked when a tool runs. */
  function tokenSource(target: OAuthAction, userId: string, runId?: string) {
    return (ctx: ToolContext) =>
      accessToken(target, userId, { ...(runId ? { runId } : {}), signal: ctx.signal });
  }

  return { beginActionOAuth, completeActionOAuth, accessToken, tokenSource, redirectUri };
}

export type ActionOAuth = ReturnType<typeof createActionOAuth>;

function clientOf(target: OAuthAction) {
  const { auth } = target.action.metadata;
  const { oauth_client_id: clientId, oauth_client_secret: clientSecret } = target.secrets;
  if (auth.type !== 'oauth' || !auth.client_url || !clientId || !clientSecret) {
    throw new AppError('VALIDATION', 'This action does not sign in with OAuth');
  }
  return { tokenUrl: auth.client_url, clientId, clientSecret, method: auth.token_exchange_method };
}
