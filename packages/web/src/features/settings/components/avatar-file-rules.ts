import { DEFAULT_AVATAR_SIZE_LIMIT } from '@parley/shared';

/** What the picker offers (the profile picture takes .png and .jpg: docs/reference/files.md (Profile picture)). */
export const AVATAR_ACCEPT = '.png,.jpg,.jpeg';

const TYPES = new Set(['image/png', 'image/jpeg']);
const EXTENSION = /\.(png|jpe?g)$/i;

/**
 * The avatar cap: the configured avatarSizeLimit (bytes) when set, else 2 MB
 * (docs/reference/files.md (Profile picture)).
 */
export function avatarSizeLimit(configured: number | null | undefined): number {
  return configured && configured > 0 ? configured : DEFAULT_AVATAR_SIZE_LIMIT;
}

/**
 * True when a chosen file may become the profile picture: a PNG or JPEG (by type, or by name when the browser
 * gives no type) of at most `limit` bytes, and not empty.
 */
export function isValidAvatarFile(
  file: { name: string; type: string; size: number },
  limit: number,
): boolean {
  const typeOk = file.type ? TYPES.has(file.type) : EXTENSION.test(file.name);
  return typeOk && file.size > 0 && file.size <= limit;
}
