import { matchLanguage, type Language } from '@parley/shared';

export { matchLanguage };

export const AUTO_LANGUAGE = 'auto';

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
