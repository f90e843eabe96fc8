import {
  KEY_MESSAGES,
  KEY_NEVER_EXPIRES,
  USER_KEY_ERROR_TYPES,
  type UpdateUserKey,
  type UserKeyExpiry,
  type UserKeySaved,
} from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { decrypt, encrypt } from '../../lib/crypto';
import type { UserKeyRow } from './keys.table';
import { keyKindOf, normalizeKeyValue, storedKeyName } from './key-value.rules';
import * as repo from './keys.repository';

// The ciphertext is bound to its owner and name, so a value copied into another row does not open.
const cryptoContext = (userId: string, name: string) => `user_key:${userId}:${name}`;

const isExpired = (row: UserKeyRow, now: string) => row.expires_at !== null && row.expires_at <= now;

/**
 * The user's unexpired key of that name, after purging every expired key of that user ("deleted at expiry").
 * `expired` is the expired row of that name, if one was just purged.
 */
async function readKey(deps: AppDeps, userId: string, name: string) {
  const now = nowIso();
  const rows = await repo.findUserKeys(deps.database.db, userId);
  if (rows.some((r) => isExpired(r, now))) await repo.deleteExpiredUserKeys(deps.database.db, now, userId);
  const row = rows.find((r) => r.name === name);
  if (row && isExpired(row, now)) return { key: undefined, expired: row };
  return { key: row, expired: undefined };
}

/** Saves (creates or replaces) a key; answers whether it was new. Never answers the value. */
export async function saveUserKey(
  deps: AppDeps,
  userId: string,
  input: UpdateUserKey,
): Promise<{ created: boolean; saved: UserKeySaved }> {
  const name = storedKeyName(input.name);
  const kind = keyKindOf(deps.config, name);
  if (!input.value || input.value.trim() === '') {
    throw new AppError('VALIDATION', KEY_MESSAGES.valueRequired, { field: 'value' });
  }
  const now = nowIso();
  // Stored in UTC 'Z' form whatever offset was sent, so text comparison is time comparison.
  const expiresAt = input.expiresAt ? new Date(input.expiresAt).toISOString() : null;
  if (expiresAt !== null && expiresAt <= now) {
    throw new AppError('VALIDATION', KEY_MESSAGES.expiryInPast, { field: 'expiresAt' });
  }
  const value = encrypt(normalizeKeyValue(kind, input.value), deps.config, cryptoContext(userId, name));
  const db = deps.database.db;
  const existed = await repo.userKeyExists(db, userId, name);
  await repo.upsertUserKey(db, {
    user_id: userId,
    name,
    value,
    expires_at: expiresAt,
    created_at: now,
    updated_at: now,
  });
  return { created: !existed, saved: { name, expiresAt } };
}

/**
 * `GET /api/keys?name=`: the expiry of the stored key, `'never'` when it has none, and `{expiresAt: null}` when no
 * key is stored or it has expired (the LibreChat client reads that as "no key").
 */
export async function getUserKeyExpiry(deps: AppDeps, userId: string, name: string): Promise<UserKeyExpiry> {
  const { key } = await readKey(deps, userId, storedKeyName(name));
  if (!key) return { expiresAt: null };
  return { expiresAt: key.expires_at ?? KEY_NEVER_EXPIRES };
}

/**
 * The decrypted key of `name` for the chat pipeline (gptPlugins reads the openAI key). Throws
 * `AppError('FORBIDDEN', '{"type":"no_user_key"}')` when none is stored, and when it has expired, deletes it and
 * throws `AppError('FORBIDDEN', '{"type":"expired_user_key","expiredAt":"<ISO>"}')`. The message is JSON text
 * the web parses; `details.type` (and `details.expiredAt`) carry the same. An undecryptable value (CREDS_KEY or
 * CREDS_IV changed) is a plain Error, so it is logged as a 500.
 */
export async function getUserKey(deps: AppDeps, userId: string, name: string): Promise<string> {
  const stored = storedKeyName(name);
  const { key, expired } = await readKey(deps, userId, stored);
  if (expired) {
    const body = { type: USER_KEY_ERROR_TYPES.expiredUserKey, expiredAt: expired.expires_at };
    throw new AppError('FORBIDDEN', JSON.stringify(body), body);
  }
  if (!key) {
    const body = { type: USER_KEY_ERROR_TYPES.noUserKey };
    throw new AppError('FORBIDDEN', JSON.stringify(body), body);
  }
  try {
    return decrypt(key.value, deps.config, cryptoContext(userId, stored));
  } catch (error) {
    throw new Error(
      `The stored "${stored}" key could not be decrypted (were CREDS_KEY or CREDS_IV changed?)`,
      {
        cause: error,
      },
    );
  }
}

/** Deletes one key (gptPlugins names the openAI key); deleting a key that is not there is not an error. */
export async function deleteUserKey(deps: AppDeps, userId: string, name: string): Promise<void> {
  await repo.deleteUserKey(deps.database.db, userId, storedKeyName(name));
}

export async function deleteAllUserKeys(deps: AppDeps, userId: string): Promise<void> {
  await repo.deleteAllUserKeys(deps.database.db, userId);
}

/** Deletes every user's expired keys; run periodically so keys of users who never come back go too. */
export function purgeExpiredUserKeys(deps: AppDeps): Promise<number> {
  return repo.deleteExpiredUserKeys(deps.database.db, nowIso(), null);
}
