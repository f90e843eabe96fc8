import type { Insertable, Selectable } from 'kysely';

/** An entry the operator added with `npm run admin -- prompts add` (the config file's entries are not stored). */
export interface PromptLibraryTable {
  id: string;
  title: string;
  prompt_prefix: string;
  /** JSON array of strings. */
  tags: string;
  /** 'en' or 'zh-CN'; null: served in every language. */
  lang: string | null;
  created_by: string;
  created_at: string;
}
export type PromptLibraryRow = Selectable<PromptLibraryTable>;
export type NewPromptLibraryRow = Insertable<PromptLibraryTable>;
