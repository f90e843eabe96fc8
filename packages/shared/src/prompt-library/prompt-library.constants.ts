// The prompt library's limits and languages, apart from its schemas so the web's initial code takes them without zod.

/** Entries per page of the prompt library dialog (docs/reference/prompt-library.md (Listing and searching)). */
export const PROMPT_LIBRARY_PAGE_SIZE = 8;
/** The largest page `GET /api/promptLibrary` answers. */
export const PROMPT_LIBRARY_PAGE_MAX = 100;
/** Limits of one entry, for the operator's file and the command line alike. */
export const PROMPT_TITLE_MAX = 120;
export const PROMPT_PREFIX_MAX = 4000;
export const PROMPT_TAG_MAX = 40;
export const PROMPT_TAGS_MAX = 10;

/** The languages the library has a set for; any other interface language is served the English set. */
export const PROMPT_LIBRARY_LANGS = ['en', 'zh-CN'] as const;
export type PromptLibraryLang = (typeof PROMPT_LIBRARY_LANGS)[number];

/** The library's language for an interface language or Accept-Language value: Chinese for any `zh`, else English. */
export function promptLibraryLang(language: string | null | undefined): PromptLibraryLang {
  const first = (language ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'zh' || first.startsWith('zh-') ? 'zh-CN' : 'en';
}

/** The categories the home page links to, each opening the library on its tag (`/c/new?promptLibrary=<category>`). */
export const PROMPT_CATEGORIES = ['writing', 'translation', 'coding', 'study', 'work', 'agents'] as const;
export type PromptCategory = (typeof PROMPT_CATEGORIES)[number];

/** The starter sets' tag for each category, per library language (docs/reference/prompt-library.md (Categories)). */
export const PROMPT_CATEGORY_TAGS: Readonly<
  Record<PromptCategory, Readonly<Record<PromptLibraryLang, string>>>
> = {
  writing: { en: 'writing', 'zh-CN': '写作' },
  translation: { en: 'translation', 'zh-CN': '翻译' },
  coding: { en: 'coding', 'zh-CN': '编程' },
  study: { en: 'study', 'zh-CN': '学习' },
  work: { en: 'work', 'zh-CN': '工作' },
  agents: { en: 'AI agents', 'zh-CN': 'AI 角色' },
};

/** The tag a `promptLibrary` address parameter names in that language's set, or null for an unknown category. */
export function promptCategoryTag(category: string | null, lang: PromptLibraryLang): string | null {
  return category && Object.hasOwn(PROMPT_CATEGORY_TAGS, category)
    ? PROMPT_CATEGORY_TAGS[category as PromptCategory][lang]
    : null;
}
