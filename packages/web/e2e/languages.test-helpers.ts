import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';

// What the languages spec (languages.e2e.ts) reads off a page and compares with the catalogues.

const LOCALES = resolve(import.meta.dirname, '../src/locales');
const cache = new Map<string, Record<string, string>>();

/** Every text of a language: its main catalogue files and its lazily loaded ones, read from the source tree. */
export function fullCatalogue(lang: string): Record<string, string> {
  const known = cache.get(lang);
  if (known) return known;
  const merged: Record<string, string> = {};
  for (const dir of [join(LOCALES, lang), join(LOCALES, 'lazy', lang)]) {
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
      Object.assign(merged, JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>);
    }
  }
  cache.set(lang, merged);
  return merged;
}

/** Every text a user can see or hear on the page: visible text nodes, and the labels, titles and placeholders. */
export function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found = new Set<string>();
    const add = (value: string | null | undefined) => {
      const text = value?.replace(/\s+/g, ' ').trim();
      if (text) found.add(text);
    };
    const shown = (el: Element) =>
      el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) ||
      el.closest('[role="dialog"]') !== null;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Code, kbd and the user's own words are not the interface's.
      if (!parent || parent.closest('script, style, code, pre, kbd, [role="log"] [dir="auto"]')) continue;
      if (shown(parent)) add(node.textContent);
    }
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (!shown(el)) continue;
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) add(el.getAttribute(attr));
    }
    return [...found];
  });
}

const TAG = /<\/?\d+>|<\/?[a-z]+\s*\/?>/g;
const PLACEHOLDER = /\{\{[^}]+\}\}/g;
const HAS_PLACEHOLDER = /\{\{[^}]+\}\}/;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The English texts a language must not show: each en-US text that every key holding it translates differently in
 * `lang` (a text a language keeps as it is, like a brand or "OK", may show). Texts with placeholders become patterns.
 */
export function englishLeftovers(lang: string): { exact: Set<string>; patterns: RegExp[] } {
  const english = fullCatalogue('en-US');
  const other = fullCatalogue(lang);
  const keptSomewhere = new Set<string>();
  for (const [key, value] of Object.entries(english)) if (other[key] === value) keptSomewhere.add(value);
  const translated = new Set(Object.values(english).filter((value) => !keptSomewhere.has(value)));
  return shownForms(
    [...translated].filter((value) => /[A-Za-z]{3}/.test(value)),
    6,
  );
}

/** A language's own texts, as what a screen shows of them: plain texts, and patterns for those with placeholders. */
function shownForms(
  values: Iterable<string>,
  minFixedLetters: number,
): { exact: Set<string>; patterns: RegExp[] } {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const value of values) {
    const plain = value.replace(TAG, '').replace(/\s+/g, ' ').trim();
    if (!HAS_PLACEHOLDER.test(plain)) {
      exact.add(plain);
      continue;
    }
    // Only a pattern with enough fixed text in it says anything: "{{count}} s" would match any number.
    if (plain.replace(PLACEHOLDER, '').replace(/[^\p{L}]/gu, '').length < minFixedLetters) continue;
    patterns.push(new RegExp(`^${plain.split(PLACEHOLDER).map(escape).join('.+?')}$`, 'u'));
  }
  return { exact, patterns };
}

const matches = (text: string, forms: { exact: Set<string>; patterns: RegExp[] }) =>
  forms.exact.has(text) || forms.patterns.some((pattern) => pattern.test(text));

/**
 * The texts on screen that are left in English: they read as an English text of the catalogue and not as one of the
 * language's own (Portuguese "Remove …" is Portuguese, though English "Remove {{name}}" would match it).
 */
export function leftInEnglish(texts: readonly string[], lang: string): string[] {
  const english = englishLeftovers(lang);
  const own = shownForms(Object.values(fullCatalogue(lang)), 1);
  return texts.filter((text) => matches(text, english) && !matches(text, own));
}
