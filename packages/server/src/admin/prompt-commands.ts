import {
  PROMPT_LIBRARY_LANGS,
  PROMPT_PREFIX_MAX,
  PROMPT_TAG_MAX,
  PROMPT_TAGS_MAX,
  PROMPT_TITLE_MAX,
  type PromptLibraryLang,
} from '@parley/shared';
import { randomUUID } from 'node:crypto';
import { PROMPT_ID_PATTERN } from '../config/prompt-library.schema';
import { nowIso } from '../lib/clock';
import {
  deletePromptRow,
  findPromptRow,
  insertPromptRow,
} from '../features/prompt-library/prompt-library.repository';
import { allPrompts, configPrompts, starterPrompts } from '../features/prompt-library/prompt-library.service';
import { AdminRefusal, UsageError } from './admin-input';
import type { AdminDeps, AdminOutput, Values } from './admin-command';

// The prompt library from the command line (docs/reference/prompt-library.md (Managing the library)).

function requireText(name: string, text: string | undefined, max: number): string {
  const value = text?.trim() ?? '';
  if (value === '') throw new UsageError(`${name} is required`);
  if (value.length > max) throw new UsageError(`${name} must be at most ${max} characters`);
  return value;
}

function parseTags(text: string | undefined): string[] {
  const tags = (text ?? '')
    .split(/[,，、]/)
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.length > PROMPT_TAGS_MAX) throw new UsageError(`--tags takes at most ${PROMPT_TAGS_MAX} tags`);
  const long = tags.find((t) => t.length > PROMPT_TAG_MAX);
  if (long) throw new UsageError(`--tags: "${long}" is over ${PROMPT_TAG_MAX} characters`);
  return [...new Set(tags)];
}

function parseLang(text: string | undefined): PromptLibraryLang | null {
  if (text === undefined || text === 'all') return null;
  if ((PROMPT_LIBRARY_LANGS as readonly string[]).includes(text)) return text as PromptLibraryLang;
  throw new UsageError(`--lang must be ${PROMPT_LIBRARY_LANGS.join(', ')} or all, got "${text}"`);
}

/** `prompts list [--lang en|zh-CN]`: every entry served, with its source and language. */
export async function listPrompts(deps: AdminDeps, values: Values, output: AdminOutput): Promise<void> {
  const lang = parseLang(values.lang);
  const all = (await allPrompts(deps.db, deps.config.yaml)).filter(
    (p) => lang === null || p.lang === null || p.lang === lang,
  );
  for (const { entry, source, lang: l } of all) {
    const tags = entry.tags.length ? `  [${entry.tags.join(', ')}]` : '';
    output.out(`${entry.id}  ${source}  ${l ?? 'all'}  ${entry.title}${tags}`);
  }
  output.out(`${all.length} entries.`);
}

/** `prompts add --title <t> --prefix <text> [--tags a,b] [--lang en|zh-CN] [--id <id>]`. */
export async function addPrompt(
  deps: AdminDeps,
  values: Values,
  operator: string,
  output: AdminOutput,
): Promise<void> {
  const title = requireText('--title', values.title, PROMPT_TITLE_MAX);
  const prefix = requireText('--prefix', values.prefix, PROMPT_PREFIX_MAX);
  const tags = parseTags(values.tags);
  const lang = parseLang(values.lang);
  const id = values.id?.trim() || randomUUID();
  if (!PROMPT_ID_PATTERN.test(id)) {
    throw new UsageError(
      '--id must be 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit',
    );
  }
  // The config file's entry would hide this one: say so rather than store an entry nobody sees.
  if (configPrompts(deps.config.yaml).some((p) => p.entry.id === id)) {
    throw new AdminRefusal(`"${id}" is an entry of the config file; change it there, or pick another --id`);
  }
  if (await findPromptRow(deps.db, id)) throw new AdminRefusal(`"${id}" exists already; remove it first`);
  await insertPromptRow(deps.db, {
    id,
    title,
    prompt_prefix: prefix,
    tags: JSON.stringify(tags),
    lang,
    created_by: operator,
    created_at: nowIso(),
  });
  const replaces = starterPrompts(deps.config.yaml).some((p) => p.entry.id === id);
  output.out(
    `Added ${id} (${lang ?? 'all languages'}): ${title}${replaces ? ' (replaces the starter entry)' : ''}`,
  );
}

/** `prompts remove --id <id>`: only the command line's own entries. */
export async function removePrompt(deps: AdminDeps, values: Values, output: AdminOutput): Promise<void> {
  const id = requireText('--id', values.id, 64);
  if ((await deletePromptRow(deps.db, id)) > 0) {
    output.out(`Removed ${id}.`);
    return;
  }
  if (configPrompts(deps.config.yaml).some((p) => p.entry.id === id)) {
    throw new AdminRefusal(`"${id}" is an entry of the config file; remove it there`);
  }
  if (starterPrompts(deps.config.yaml).some((p) => p.entry.id === id)) {
    throw new AdminRefusal(
      `"${id}" is a starter entry; replace it with prompts add --id ${id}, or set promptLibraryStarter: false`,
    );
  }
  throw new AdminRefusal(`no entry "${id}"`);
}
