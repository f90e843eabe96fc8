import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { nowIso } from '../../lib/clock';
import {
  consumeEmailBindingToken,
  consumeEmailToken,
  liveEmailTokenExists,
  replaceEmailToken,
} from './email-tokens.repository';
import type { EmailTokenPurpose } from './email-tokens.table';

/** Reset and activation links are valid 15 minutes (docs/reference/accounts.md (Forgot and reset password)). */
export const EMAIL_TOKEN_TTL_SECONDS = 15 * 60;

const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new single-use token for the user (256 random bits, hex); the one issued before for this purpose stops working. */
export async function issueEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  email: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('hex');
  // One reading of the clock, so the link lives exactly the TTL from its creation.
  const now = Date.now();
  await replaceEmailToken(db, {
    id: randomUUID(),
    user_id: userId,
    purpose,
    token_hash: hashOf(token),
    email,
    expires_at: new Date(now + EMAIL_TOKEN_TTL_SECONDS * 1000).toISOString(),
    created_at: new Date(now).toISOString(),
  });
  return token;
}

/** True once for a live token: it is used up by the call that gets true. */
export function useEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  token: string,
): Promise<boolean> {
  return consumeEmailToken(db, userId, purpose, hashOf(token), nowIso());
}

/**
 * Whether a token would be accepted by useEmailToken now, without using it: a form can then be refused for another
 * reason (a weak password) and the link still work for the next try.
 */
export function emailTokenIsLive(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  token: string,
): Promise<boolean> {
  return liveEmailTokenExists(db, userId, purpose, hashOf(token), nowIso());
}

/** The address a binding link sets, once: null for a link that is unknown, used or expired. */
export function useEmailBindingToken(db: Db, userId: string, token: string): Promise<string | null> {
  return consumeEmailBindingToken(db, userId, hashOf(token), nowIso());
}
