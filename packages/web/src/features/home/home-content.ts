/**
 * What the home page offers (docs/reference/home-and-help.md (Home)): four example prompts and the prompt library's
 * categories. Plain data, so a test can check every entry reaches its texts and its link.
 */
import { PROMPT_CATEGORIES, type PromptCategory } from '@parley/shared';

/** An example prompt; its i18n keys are `com_home_example_{id}_title`, `_hint` and `_prompt`. */
export type HomeExampleId = 'chat' | 'draw' | 'vision' | 'web';

/** The landing's four, in its order: best AI chat, drawing, image recognition, web access. */
export const HOME_EXAMPLES: readonly HomeExampleId[] = ['chat', 'draw', 'vision', 'web'];

/** The Draw tab's prompts; keys `com_home_draw_{id}_title` and `_prompt`. */
export type DrawExampleId = 'poster' | 'logo' | 'scene';
export const DRAW_EXAMPLES: readonly DrawExampleId[] = ['scene', 'poster', 'logo'];

/**
 * The prompt library's categories (shared with the library, which maps each to its tag per language); a category's
 * name is `com_home_category_{tag}` and its line `com_home_category_{tag}_hint`.
 */
export { PROMPT_CATEGORIES, type PromptCategory };

/**
 * Where a category leads: a new chat that asks the prompt library to open on that tag
 * (docs/decisions.md, "Home page: the prompt library's categories"). An unknown category is still a new chat, so the
 * link never breaks.
 */
export function promptLibraryHref(tag: PromptCategory): string {
  return `/c/new?${new URLSearchParams({ promptLibrary: tag }).toString()}`;
}

/** The home page's two tabs, as the `?tab=` parameter names them; Home is the default and has no parameter. */
export const HOME_TABS = ['home', 'draw'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

/** The tab a `?tab=` value opens: an unknown or missing value is Home. */
export function homeTabOf(value: string | null): HomeTab {
  return (HOME_TABS as readonly string[]).includes(value ?? '') ? (value as HomeTab) : 'home';
}
