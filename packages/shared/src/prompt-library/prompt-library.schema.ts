import { z } from 'zod';

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

/** One prompt library entry: a titled prompt prefix with tags. */
export const promptEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  promptPrefix: z.string(),
  tags: z.array(z.string()),
});
export type PromptEntry = z.infer<typeof promptEntrySchema>;

const whole = (max: number) => z.coerce.number().int().min(1).max(max);

/**
 * `GET /api/promptLibrary`: without `q`, `pageNumber` and `pageSize` the answer is the plain list; with any of them a
 * page (`promptLibraryPageSchema`). `lang` picks the set (else Accept-Language).
 */
export const promptLibraryQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Words that must each appear in the title, prefix or a tag'),
  pageNumber: whole(1_000_000).optional().describe('1-based page number'),
  pageSize: whole(PROMPT_LIBRARY_PAGE_MAX)
    .optional()
    .describe(`Entries per page, ${PROMPT_LIBRARY_PAGE_SIZE} unless given`),
  lang: z
    .string()
    .max(35)
    .optional()
    .describe('Language of the set: zh… gives the Chinese set, anything else English'),
});
export type PromptLibraryQuery = z.input<typeof promptLibraryQuerySchema>;

/** One page of the searched library. */
export const promptLibraryPageSchema = z.object({
  entries: z.array(promptEntrySchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  /** How many entries match in all; pages = ceil(total / pageSize), at least 1. */
  total: z.number().int(),
  pages: z.number().int(),
});
export type PromptLibraryPage = z.infer<typeof promptLibraryPageSchema>;

/** The library's language for an interface language or Accept-Language value: Chinese for any `zh`, else English. */
export function promptLibraryLang(language: string | null | undefined): PromptLibraryLang {
  const first = (language ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'zh' || first.startsWith('zh-') ? 'zh-CN' : 'en';
}
