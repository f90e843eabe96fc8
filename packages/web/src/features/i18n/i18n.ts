import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@parley/shared';
import { storage } from '../../lib/storage';
import { enUS, zhCN, type Catalogue } from '../../locales/catalogues';
import { detectLanguage } from './detect-language';

// en-US and zh-CN ship in the main bundle; other catalogues (when present) load on demand.
const lazyCatalogues = import.meta.glob<Catalogue>(
  ['../../locales/*.json', '!../../locales/en-US.json', '!../../locales/zh-CN.json'],
  { import: 'default' },
);

function setDocumentLanguage(lng: string): void {
  document.documentElement.lang = lng;
  document.documentElement.dir = i18n.dir(lng);
}

/** Switches the interface language at once, loading its catalogue first if it has one. */
export async function applyLanguage(lng: string): Promise<void> {
  const load = lazyCatalogues[`../../locales/${lng}.json`];
  if (load && !i18n.hasResourceBundle(lng, 'translation')) {
    try {
      i18n.addResourceBundle(lng, 'translation', await load());
    } catch {
      // A missing chunk falls back to English text rather than breaking the switch.
    }
  }
  await i18n.changeLanguage(lng);
}

export function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** Initialises i18next synchronously with the detected language (stored `lang`, browser, en-US). */
export function initI18n(): void {
  const lng = detectLanguage(storage.get(STORAGE_KEYS.lang), browserLanguages());
  void i18n.use(initReactI18next).init({
    resources: { 'en-US': { translation: enUS }, 'zh-CN': { translation: zhCN } },
    lng,
    fallbackLng: 'en-US',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  i18n.on('languageChanged', setDocumentLanguage);
  setDocumentLanguage(lng);
  if (lazyCatalogues[`../../locales/${lng}.json`]) void applyLanguage(lng);
}
