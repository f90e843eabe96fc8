import { UNSAFE_NAME_CHARACTERS } from '@parley/shared';

// Characters Windows, macOS or Linux refuse or treat specially in a name (a separator would pick a folder), and those
// no file name keeps anywhere (controls, direction overrides).
const UNSAFE_RUN = new RegExp(`(?:[<>:"/\\\\|?*]|${UNSAFE_NAME_CHARACTERS.source})+`, 'g');
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;

export interface SafeFileNameOptions {
  /** What a run of unsafe characters becomes ('' drops it). */
  replacement: string;
  /** Longest name, in characters (code points, so no emoji is split). */
  maxLength: number;
  /** The name when nothing is left. */
  fallback: string;
}

/**
 * A title made safe as a download's file name (without its extension): unsafe runs replaced, whitespace collapsed,
 * dots and spaces trimmed at both ends (Windows drops trailing ones, leading ones hide the file), the length capped,
 * a Windows device name (`CON`, `LPT1`…) suffixed with `_`, and the fallback when nothing is left.
 */
export function safeFileName(
  title: string,
  { replacement, maxLength, fallback }: SafeFileNameOptions,
): string {
  const trim = (s: string) => s.replace(/^[\s.]+/, '').replace(/[\s.]+$/, '');
  const cleaned = trim(title.replace(UNSAFE_RUN, replacement).replace(/\s+/g, ' '));
  const name = trim(Array.from(cleaned).slice(0, maxLength).join(''));
  if (WINDOWS_RESERVED.test(name)) return `${name}_`;
  return name || fallback;
}
