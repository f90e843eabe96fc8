import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@parley/shared';
import { catalogueFragments, lazyCatalogueFragments } from './catalogues';

// The app's own source files, as text, to check how they reach the catalogues.
const appSources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!../**/*.test.ts', '!../**/*.test-helpers.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
const TAG = /<\/?([a-z0-9]+)>/gi;

/** The `{{name}}` placeholders and `<tag>` markup of a text, sorted, for comparing a translation with English. */
export function markers(text: string): string[] {
  return [
    ...[...text.matchAll(PLACEHOLDER)].map((m) => `{{${m[1]}}}`),
    ...[...text.matchAll(TAG)].map((m) => m[0]),
  ].sort();
}

/** Each file of a language by its name inside the language folder, e.g. `chat.json` or `lazy/plugins.json`. */
function filesOf(lang: string): Map<string, Record<string, string>> {
  const byName = new Map<string, Record<string, string>>();
  for (const [path, part] of catalogueFragments(lang)) byName.set(path.split('/').pop()!, part);
  for (const [path, part] of lazyCatalogueFragments(lang)) byName.set(`lazy/${path.split('/').pop()!}`, part);
  return byName;
}

const english = filesOf('en-US');

describe('every interface language', () => {
  it.each(LANGUAGES.filter((lang) => lang !== 'en-US'))(
    '%s has every file and key of en-US, and no other',
    (lang) => {
      const files = filesOf(lang);
      const problems: string[] = [];
      for (const [name, en] of english) {
        const part = files.get(name);
        if (!part) {
          problems.push(`${name}: missing file`);
          continue;
        }
        for (const key of Object.keys(en)) if (!(key in part)) problems.push(`${name}: ${key} missing`);
        for (const key of Object.keys(part))
          if (!(key in en)) problems.push(`${name}: ${key} is not in en-US`);
      }
      for (const name of files.keys()) if (!english.has(name)) problems.push(`${name}: no such en-US file`);
      expect(problems).toEqual([]);
    },
  );

  it.each(LANGUAGES.filter((lang) => lang !== 'en-US'))(
    '%s keeps every placeholder and tag, with no empty text',
    (lang) => {
      const problems: string[] = [];
      for (const [name, part] of filesOf(lang)) {
        const en = english.get(name) ?? {};
        for (const [key, text] of Object.entries(part)) {
          if (!text.trim()) problems.push(`${name}: ${key} is empty`);
          else if (key in en && markers(text).join(' ') !== markers(en[key]!).join(' ')) {
            problems.push(
              `${name}: ${key} has ${markers(text).join(' ') || 'no markers'}, en-US ${markers(en[key]!).join(' ')}`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('finds a dropped placeholder or tag (the check above can fail)', () => {
    expect(markers('Hello {{name}}, <b>{{count}}</b> new')).toEqual(['</b>', '<b>', '{{count}}', '{{name}}']);
    expect(markers('Bonjour, <b></b> nouveaux')).not.toEqual(markers('Hello {{name}}, <b>{{count}}</b> new'));
  });

  it('app code loads catalogues per language, never all of them', () => {
    const offenders = Object.entries(appSources)
      .filter(([, text]) => /locales\/catalogues['"]|locales\/lazy\/[a-zA-Z]{2}-[a-zA-Z]{2}\//.test(text))
      .map(([path]) => path);
    expect(Object.keys(appSources).length).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });
});
