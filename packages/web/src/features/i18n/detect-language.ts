import { LANGUAGES, type Language } from '@parley/shared';

export const AUTO_LANGUAGE = 'auto';

/** Maps a BCP 47 tag (from storage or the browser) to one of the 18 interface languages, if any fits. */
export function matchLanguage(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  if (lower === 'zh' || lower.startsWith('zh-')) {
    // Traditional script regions and tags go to zh-TC, everything else Chinese to zh-CN.
    return /-(hant|tw|hk|mo)\b/.test(lower) ? 'zh-TC' : 'zh-CN';
  }
  const primary = lower.split('-')[0];
  return LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === primary) ?? null;
}

/**
 * The stored `lang`, else the browser's languages in order, else en-US (docs/reference/settings-and-ui.md (Languages)).
 */
export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  if (stored && stored !== AUTO_LANGUAGE) {
    const match = matchLanguage(stored);
    if (match) return match;
  }
  for (const tag of browser) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return 'en-US';
}
