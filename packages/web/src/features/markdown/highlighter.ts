import { createLowlight } from 'lowlight';
import { HIGHLIGHT_ALIASES, HIGHLIGHT_LANGUAGES } from './highlight-languages';

/** One lowlight instance for every code block, with exactly the listed languages. */
export const highlighter = createLowlight(HIGHLIGHT_LANGUAGES);
highlighter.registerAlias(HIGHLIGHT_ALIASES);

/** The fence's language, normalised to a registered name or alias; null when it is not highlighted. */
export function highlightLanguage(fence: string | null | undefined): string | null {
  const name = fence?.trim().toLowerCase();
  return name && highlighter.registered(name) ? name : null;
}
