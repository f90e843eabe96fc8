import i18n from 'i18next';
import type { Catalogue } from '../../locales/merge-fragments';

type Loaders = Record<string, () => Promise<Catalogue>>;

// The areas whose code has loaded, each as a function that loads its texts in a language.
const areas: Array<(lng: string) => Promise<void>> = [];

function loaderFor(loaders: Loaders, lng: string): (() => Promise<Catalogue>) | undefined {
  const path = Object.keys(loaders).find((p) => p.includes(`/lazy/${lng}/`));
  return path ? loaders[path] : undefined;
}

/**
 * Registers the texts that a lazily loaded part of the app brings along (locales/lazy/<lang>/<area>.json, passed as a
 * lazy `import.meta.glob`), so they stay out of the initial JavaScript (docs/architecture.md (Performance budgets)).
 * Loads the current language's file at once (the area's top component waits for the returned promise with React's `use`,
 * so it renders with its texts); a later language switch loads the new language's file before switching (applyLanguage).
 */
export function addLazyTexts(loaders: Loaders): Promise<void> {
  const loaded = new Set<string>();
  const loadFor = async (lng: string) => {
    if (loaded.has(lng)) return;
    const load = loaderFor(loaders, lng);
    if (!load) return;
    const texts = await load();
    loaded.add(lng);
    const add = () => i18n.addResourceBundle(lng, 'translation', texts, true, false);
    // Before i18next is initialised (a unit test importing the part first) they are added as soon as it is.
    if (i18n.isInitialized) add();
    else i18n.on('initialized', add);
  };
  areas.push(loadFor);
  // Never rejects: the area renders (with its keys showing) rather than failing if its texts cannot load.
  const ready = loadFor(i18n.resolvedLanguage ?? i18n.language ?? 'en-US').catch(() => undefined);
  // Marked settled as React's `use` reads a thenable, so a component rendered after the texts arrived does not
  // suspend once more (nor fail a synchronous render) to find out.
  void ready.then(() => Object.assign(ready, { status: 'fulfilled', value: undefined }));
  return ready;
}

// A language changed without applyLanguage (a test calling i18next directly) still gets the open areas' texts; the
// components re-render when they arrive (bindI18nStore: 'added').
i18n.on('languageChanged', (lng) => void loadLazyTextsFor(lng));

/** Loads every registered area's texts in `lng` (before the language switches to it). */
export async function loadLazyTextsFor(lng: string): Promise<void> {
  await Promise.all(areas.map((load) => load(lng)));
}
