import { z } from 'zod';
import {
  PROMPT_LIBRARY_LANGS,
  PROMPT_PREFIX_MAX,
  PROMPT_TAG_MAX,
  PROMPT_TAGS_MAX,
  PROMPT_TITLE_MAX,
} from '@parley/shared';

/** An entry id: what the command line's `--id` and the file's `id` take (letters, digits, `.`, `_`, `-`). */
export const PROMPT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(max, { error: `must be at most ${max} characters` });

/** One entry of `promptLibrary:` in the config file (docs/reference/prompt-library.md (In the config file)). */
const yamlPromptSchema = z
  .object({
    id: z
      .string()
      .regex(PROMPT_ID_PATTERN, { error: 'must be 1 to 64 letters, digits, ".", "_" or "-"' })
      .optional(),
    title: text(PROMPT_TITLE_MAX),
    promptPrefix: text(PROMPT_PREFIX_MAX),
    tags: z
      .array(text(PROMPT_TAG_MAX))
      .max(PROMPT_TAGS_MAX, { error: `at most ${PROMPT_TAGS_MAX} tags` })
      .optional(),
    lang: z
      .enum(PROMPT_LIBRARY_LANGS, { error: 'must be en or zh-CN (leave it out for every language)' })
      .optional(),
  })
  .loose();

/** The list; an entry without an id is `config-<n>` (its place, from 1), and two entries may not share an id. */
export const promptLibraryYamlSchema = z.array(yamlPromptSchema).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    const id = entry.id ?? `config-${index + 1}`;
    if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `"${id}" is used twice` });
    seen.add(id);
  });
});
export type YamlPrompt = z.infer<typeof yamlPromptSchema>;
