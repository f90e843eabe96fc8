import { z } from 'zod';
import { PROMPT_LIBRARY_PAGE_MAX, PROMPT_LIBRARY_PAGE_SIZE } from './prompt-library.constants';

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
