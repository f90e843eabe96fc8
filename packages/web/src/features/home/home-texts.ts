import { addLazyTexts } from '../i18n/lazy-texts';

// The home page's texts load with it, in the user's language only, out of the initial JavaScript
// (docs/architecture.md (Performance budgets)); its title is in the main catalogues.
export const homeTexts = addLazyTexts(
  import.meta.glob<Record<string, string>>('../../locales/lazy/*/home.json', { import: 'default' }),
);
