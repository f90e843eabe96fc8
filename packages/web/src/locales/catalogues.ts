
export type Catalogue = Record<string, string>;

// Each feature area keeps its texts in `<lang>/<area>.json` (`common.json` for the shared ones), merged, so areas can grow
// their catalogues without editing one shared file. A key defined twice is a mistake the locales test reports.
const fragments = import.meta.glob<Catalogue>(['./en-US/*.json', './zh-CN/*.json'], {
  import: 'default',
  eager: true,
});

function merged(lang: string): Catalogue {
  const parts = Object.entries(fragments)
    .filter(([path]) => path.startsWith(`./${lang}/`))
    .map(([, part]) => part);
  return Object.assign({}, ...parts) as Catalogue;
}

/** Every fragment of a language, by file, for the duplicate-key check. */
export function catalogueFragments(lang: string): Array<[string, Catalogue]> {
  return Object.entries(fragments).filter(([path]) => path.startsWith(`./${lang}/`));
}

export const enUS = merged('en-US');
export const zhCN = merged('zh-CN');
