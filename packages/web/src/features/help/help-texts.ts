import { addLazyTexts } from '../i18n/lazy-texts';

// The help page's texts (long, in every language) load with it, in the user's language only, out of the initial
// JavaScript (docs/architecture.md (Performance budgets)); its title is in the main catalogues.
export const helpTexts = addLazyTexts(
  import.meta.glob<Record<string, string>>('../../locales/lazy/*/help.json', { import: 'default' }),
);
