import type { Db } from '../../db/database';
import { decrypt, encrypt, type CredsConfig } from '../../lib/crypto';
import {
  deleteActionOAuthToken,
  findActionOAuthToken,
  upsertActionOAuthToken,
} from './action-oauth-tokens.repository';
import type { TokenAnswer } from './action-oauth-exchange';

/** A user's opened tokens for one action. */
export interface OpenedTokens {
  accessToken: string;
  refreshToken?: string;
  /** Unix ms; undefined when the provider gave no lifetime. */
  expiresAt?: number;
}

const contextOf = (userId: string, actionId: string, field: 'access' | 'refresh') =>
  `action_oauth:${JSON.stringify([userId, actionId, field])}`;

/**
 * Saves what the token URL answered, sealed. A refresh that gives no new refresh token keeps the old one (RFC 6749
 * lets the provider keep it unchanged).
 */
export async function saveTokens(
  db: Db,
  creds: CredsConfig,
  key: { userId: string; actionId: string },
  answer: TokenAnswer,
  now: number,
  keepRefresh?: string,
): Promise<OpenedTokens> {
  const refresh = answer.refresh_token ?? keepRefresh;
  const expiresAt = answer.expires_in !== undefined ? now + answer.expires_in * 1000 : undefined;
  const stamp = new Date(now).toISOString();
  await upsertActionOAuthToken(db, {
    user_id: key.userId,
    action_id: key.actionId,
    access_token: encrypt(answer.access_token, creds, contextOf(key.userId, key.actionId, 'access')),
    refresh_token: refresh ? encrypt(refresh, creds, contextOf(key.userId, key.actionId, 'refresh')) : null,
    token_type: answer.token_type ?? null,
    scope: answer.scope ?? null,
    expires_at: expiresAt !== undefined ? new Date(expiresAt).toISOString() : null,
    created_at: stamp,
    updated_at: stamp,
  });
  return {
    accessToken: answer.access_token,
    ...(refresh ? { refreshToken: refresh } : {}),
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  };
}

/** The user's tokens for the action; none when there are none or they do not open (then they are dropped). */
export async function loadTokens(
  db: Db,
  creds: CredsConfig,
  userId: string,
  actionId: string,
): Promise<OpenedTokens | undefined> {
  const row = await findActionOAuthToken(db, userId, actionId);
  if (!row) return undefined;
  try {
    const refresh = row.refresh_token
      ? decrypt(row.refresh_token, creds, contextOf(userId, actionId, 'refresh'))
      : undefined;
    return {
      accessToken: decrypt(row.access_token, creds, contextOf(userId, actionId, 'access')),
      ...(refresh ? { refreshToken: refresh } : {}),
      ...(row.expires_at ? { expiresAt: Date.parse(row.expires_at) } : {}),
    };
  } catch {
    // Sealed under other keys (CREDS_KEY changed) or copied from another row: useless, so the user consents again.
    await deleteActionOAuthToken(db, userId, actionId);
    return undefined;
  }
}
