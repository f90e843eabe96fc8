import { safeFileName } from '../../lib/safe-file-name';

/** Longest file name the dialog produces, in characters, before the extension. */
export const MAX_FILENAME_LENGTH = 200;
/** What an empty or fully stripped name becomes. */
export const FALLBACK_FILENAME = 'conversation';

/**
 * A conversation title made safe as a download's file name
 * (docs/reference/conversations.md (Exporting a conversation)): unsafe characters removed, and the rest as
 * lib/safe-file-name.ts does it, at most {@link MAX_FILENAME_LENGTH} characters, "conversation" when nothing is left.
 */
export function sanitizeFilename(name: string): string {
  return safeFileName(name, { replacement: '', maxLength: MAX_FILENAME_LENGTH, fallback: FALLBACK_FILENAME });
}
