import { UNSAFE_NAME_CHARACTERS } from '@parley/shared';

export const MAX_FILENAME_LENGTH = 255;

/**
 * The name to keep for an upload: URL-decoded (the web encodes it, docs/reference/files.md (Uploading)), its last path
 * segment only, without control or direction-override characters, at most 255 characters (the extension kept when it is
 * cut). Never empty.
 */
export function cleanFileName(raw: string, fallback = 'file'): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // Not valid percent-encoding: the name was sent as it is.
  }
  name = (name.normalize('NFC').split(/[/\\]/).pop() ?? '').replace(UNSAFE_NAME_CHARACTERS, '').trim();
  if (name === '' || name === '.' || name === '..') return fallback;
  const chars = Array.from(name);
  if (chars.length <= MAX_FILENAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (extension.length === 0 || extension.length > 16) return chars.slice(0, MAX_FILENAME_LENGTH).join('');
  return [...chars.slice(0, MAX_FILENAME_LENGTH - extension.length), ...extension].join('');
}
