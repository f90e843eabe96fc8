import { AUTH_MESSAGES, type PublicUser } from '@parley/shared';
import { AppError } from '../../lib/app-error';
import { dropNulls } from '../../lib/drop-nulls';
import { signStoredPath, type FileUrlConfig } from '../files/file-url';
import type { UserRow } from './users.table';

/**
 * The user as the API shows it: never the password hash nor the linked social ids; unset fields left out. A profile
 * picture stored by Parley is answered as a signed URL (docs/reference/files.md (Reading a file)).
 */
export function toPublicUser(config: FileUrlConfig, row: UserRow): PublicUser {
  return dropNulls({
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    phone: row.phone,
    avatar: row.avatar === null ? null : signStoredPath(config, row.id, row.avatar),
    role: row.role,
    provider: row.provider,
    plugins: parsePlugins(row.plugins),
    inviteCode: row.invite_code,
    emailVerified: Boolean(row.email_verified),
    hasPassword: row.password_hash !== null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

/** The `plugins` column as a list of keys; anything unreadable is an empty list. */
export function parsePlugins(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function isBanned(row: Pick<UserRow, 'banned_until'>, now = Date.now()): boolean {
  if (!row.banned_until) return false;
  const until = Date.parse(row.banned_until);
  return Number.isNaN(until) || until > now;
}

/** Throws 403 BANNED while a ban lasts; the message contains "banned", which makes the web log the user out. */
export function assertNotBanned(row: Pick<UserRow, 'banned_until'>): void {
  if (isBanned(row)) throw new AppError('BANNED', AUTH_MESSAGES.banned);
}
