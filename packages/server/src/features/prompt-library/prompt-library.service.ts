import {
  PROMPT_LIBRARY_PAGE_SIZE,
  matchesPrompt,
  promptLibraryLang,
  type PromptEntry,
  type PromptLibraryLang,
  type PromptLibraryPage,
  type PromptLibraryQuery,
} from '@parley/shared';
import type { YamlConfig } from '../../config/yaml.schema';
import type { Db } from '../../db/database';
import type { PromptLibraryRow } from './prompt-library.table';
import { listPromptRows } from './prompt-library.repository';
import { STARTER_PROMPTS_EN } from './starter-prompts.en';
import { STARTER_PROMPTS_ZH_CN } from './starter-prompts.zh-cn';

/** Where an entry comes from; an earlier source wins an id they share. */
export type PromptSource = 'config' | 'admin' | 'starter';
export interface SourcedPrompt {
  entry: PromptEntry;
  source: PromptSource;
  /** null: every language. */
  lang: PromptLibraryLang | null;
}

const STARTER: Record<PromptLibraryLang, readonly PromptEntry[]> = {
  en: STARTER_PROMPTS_EN,
  'zh-CN': STARTER_PROMPTS_ZH_CN,
};

export function configPrompts(yaml: YamlConfig | null | undefined): SourcedPrompt[] {
  return (yaml?.promptLibrary ?? []).map((p, index) => ({
    entry: {
      id: p.id ?? `config-${index + 1}`,
      title: p.title,
      promptPrefix: p.promptPrefix,
      tags: p.tags ?? [],
    },
    source: 'config',
    lang: p.lang ?? null,
  }));
}

export function adminPrompt(row: PromptLibraryRow): SourcedPrompt {
  return {
    entry: {
      id: row.id,
      title: row.title,
      promptPrefix: row.prompt_prefix,
      tags: JSON.parse(row.tags) as string[],
    },
    source: 'admin',
    lang: row.lang as PromptLibraryLang | null,
  };
}

export function starterPrompts(yaml: YamlConfig | null | undefined): SourcedPrompt[] {
  if (yaml?.promptLibraryStarter === false) return [];
  return (Object.entries(STARTER) as [PromptLibraryLang, readonly PromptEntry[]][]).flatMap(([lang, list]) =>
    list.map((entry) => ({ entry, source: 'starter' as const, lang })),
  );
}

/**
 * Every entry of every source, in the order served (docs/reference/prompt-library.md (Where entries come from)):
 * the config file's in its order, then the command line's oldest first, then the starter set. An id met again is
 * left out, so the operator replaces a starter entry by reusing its id.
 */
export async function allPrompts(db: Db, yaml: YamlConfig | null | undefined): Promise<SourcedPrompt[]> {
  const admin = (await listPromptRows(db)).map(adminPrompt);
  const seen = new Set<string>();
  return [...configPrompts(yaml), ...admin, ...starterPrompts(yaml)].filter((p) => {
    if (seen.has(p.entry.id)) return false;
    seen.add(p.entry.id);
    return true;
  });
}

/** The entries a user of `language` (a `lang` query or an Accept-Language value) is served. */
export async function promptsFor(db: Db, yaml: YamlConfig | null | undefined, language: string | undefined) {
  const lang = promptLibraryLang(language);
  return (await allPrompts(db, yaml)).filter((p) => p.lang === null || p.lang === lang).map((p) => p.entry);
}

/**
 * `GET /api/promptLibrary`: the plain list as LibreChat's client reads it, or, once the query names `q`,
 * `pageNumber` or `pageSize`, one page of the matches (docs/reference/prompt-library.md (Listing and searching)).
 */
export async function listPromptLibrary(
  db: Db,
  yaml: YamlConfig | null | undefined,
  query: PromptLibraryQuery & { pageNumber?: number; pageSize?: number },
  acceptLanguage: string | undefined,
): Promise<PromptEntry[] | PromptLibraryPage> {
  const entries = await promptsFor(db, yaml, query.lang ?? acceptLanguage);
  if (query.q === undefined && query.pageNumber === undefined && query.pageSize === undefined) return entries;
  const found = entries.filter((e) => matchesPrompt(e, query.q ?? ''));
  const pageSize = query.pageSize ?? PROMPT_LIBRARY_PAGE_SIZE;
  const pageNumber = query.pageNumber ?? 1;
  const start = (pageNumber - 1) * pageSize;
  return {
    entries: found.slice(start, start + pageSize),
    pageNumber,
    pageSize,
    total: found.length,
    pages: Math.max(1, Math.ceil(found.length / pageSize)),
  };
}
