import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@parley/shared';
import { storage } from '../../lib/storage';
import type { Catalogue } from '../../locales/merge-fragments';
import { detectLanguage } from './detect-language';
import { loadLazyTextsFor } from './lazy-texts';

// Each language's main catalogue is one chunk, fetched when that language is needed: a user downloads only their
// own language (docs/reference/settings-and-ui.md (Languages)). Every catalogue holds every key (locales.test.ts),
// so no second language is loaded as a fallback.
const mainCatalogues = import.meta.glob<Catalogue>('../../locales/*/index.ts', { import: 'default' });

function setDocumentLanguage(lng: string): void {
  document.documentElement.lang = lng;
  document.documentElement.dir = i18n.dir(lng);
}

async function loadMainCatalogue(lng: string): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'translation')) return;
  const load = mainCatalogues[`../../locales/${lng}/index.ts`];
  if (!load) return;
  i18n.addResourceBundle(lng, 'translation', await load(), true, false);
}

/** Switches the interface language at once, after loading its catalogue and those of the areas already open. */
export async function applyLanguage(lng: string): Promise<void> {
  try {
    await Promise.all([loadMainCatalogue(lng), loadLazyTextsFor(lng)]);
  } catch {
    // A chunk that fails to load (a deploy replaced it) leaves the language as it was rather than half-switched.
    return;
  }
  await i18n.changeLanguage(lng);
}

export function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/**
 * Initialises i18next with the detected language (stored `lang`, browser, en-US) once its catalogue has loaded; the
 * app renders after this so no text shows in another language first. If the chunk cannot load, English is tried.
 */
export async function initI18n(): Promise<void> {
  const lng = detectLanguage(storage.get(STORAGE_KEYS.lang), browserLanguages());
  await i18n.use(initReactI18next).init({
    resources: {},
    lng,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    // Components re-render when a lazily loaded area's texts arrive.
    react: { bindI18nStore: 'added' },
  });
  i18n.on('languageChanged', setDocumentLanguage);
  setDocumentLanguage(lng);
  try {
    await loadMainCatalogue(lng);
  } catch {
    await loadMainCatalogue('en-US');
    await i18n.changeLanguage('en-US');
    return;
  }
  // i18next was initialised before the bundle was added; re-emit so bound components read it.
  await i18n.changeLanguage(lng);
}
