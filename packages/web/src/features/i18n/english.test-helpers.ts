import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUS } from '../../locales/catalogues';

/** Component tests read the English catalogue through react-i18next, as the app does (call it in `beforeAll`). */
export async function initEnglishTexts(): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { translation: enUS } },
    interpolation: { escapeValue: false },
  });
}
