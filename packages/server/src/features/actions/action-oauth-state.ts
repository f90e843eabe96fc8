import { randomBytes } from 'node:crypto';
import { decrypt, encrypt, type CredsConfig } from '../../lib/crypto';

/** What the `state` of an action's OAuth round trip carries, sealed: who asked, for which action and run, until when. */
export interface ActionOAuthState {
  userId: string;
  actionId: string;
  runId?: string;
  /** Unix ms after which the callback refuses it. */
  expiresAt: number;
}

/** How long a user has to consent at the provider. */
export const ACTION_OAUTH_STATE_TTL_MS = 10 * 60_000;
const CONTEXT = 'action-oauth-state';

/**
 * The state as AES-256-GCM ciphertext under CREDS_KEY: it cannot be forged or changed (so it binds the code to the
 * user, action and run that asked), and it says nothing readable to the provider. A random nonce makes each unique.
 */
export function sealState(state: ActionOAuthState, creds: CredsConfig): string {
  const body = { ...state, nonce: randomBytes(8).toString('base64url') };
  return encrypt(JSON.stringify(body), creds, CONTEXT);
}

/** The state, or null when it was forged, changed, sealed under other keys, malformed or expired. */
export function openState(text: string, creds: CredsConfig, now: number): ActionOAuthState | null {
  let value: unknown;
  try {
    value = JSON.parse(decrypt(text, creds, CONTEXT));
  } catch {
    return null;
  }
  const s = value as Partial<ActionOAuthState> | null;
  if (
    !s ||
    typeof s.userId !== 'string' ||
    typeof s.actionId !== 'string' ||
    typeof s.expiresAt !== 'number' ||
    (s.runId !== undefined && typeof s.runId !== 'string')
  ) {
    return null;
  }
  if (s.expiresAt <= now) return null;
  return {
    userId: s.userId,
    actionId: s.actionId,
    expiresAt: s.expiresAt,
    ...(s.runId ? { runId: s.runId } : {}),
  };
}
