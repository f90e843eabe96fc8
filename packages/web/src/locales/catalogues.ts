import type { Catalogue } from './merge-fragments';

export type { Catalogue };

// Every language's catalogues at once, for tests only: the app loads one language's chunk on demand
// (features/i18n/i18n.ts) and a test fails if app code imports this file (locales.test.ts).
// Each feature area keeps its texts in `<lang>/<area>.json` (`common.json` for the shared ones); lazily loaded parts
// of the app keep theirs in `lazy/<lang>/<area>.json`. A key defined twice is a mistake the locales test reports.
const fragments = import.meta.glob<Catalogue>('./*/*.json', { import: 'default', eager: true });
const lazyFragments = import.meta.glob<Catalogue>('./lazy/*/*.json', { import: 'default', eager: true });

/** Every main-catalogue fragment of a language, by file. */
export function catalogueFragments(lang: string): Array<[string, Catalogue]> {
  return Object.entries(fragments).filter(([path]) => path.startsWith(`./${lang}/`));
}

/** Every lazily loaded fragment of a language, by file. */
export function lazyCatalogueFragments(lang: string): Array<[string, Catalogue]> {
  return Object.entries(lazyFragments).filter(([path]) => path.startsWith(`./lazy/${lang}/`));
}

/** A language's main catalogue (what its chunk holds). */
export function mainCatalogue(lang: string): Catalogue {
  return Object.assign({}, ...catalogueFragments(lang).map(([, part]) => part)) as Catalogue;
}

/** Everything a language has: the main catalogue and every lazily loaded area. */
export function fullCatalogue(lang: string): Catalogue {
  return Object.assign(
    {},
    mainCatalogue(lang),
    ...lazyCatalogueFragments(lang).map(([, part]) => part),
  ) as Catalogue;
}

export const enUS = mainCatalogue('en-US');
export const zhCN = mainCatalogue('zh-CN');
