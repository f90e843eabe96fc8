import { addLazyTexts } from '../i18n/lazy-texts';

// The commerce dialogs' texts come with the first of them to load, out of the initial JavaScript
// (docs/architecture.md (Performance budgets)); the menu's and the footer's own labels are in the main catalogues.
export const commerceTexts = addLazyTexts(
  import.meta.glob<Record<string, string>>('../../locales/lazy/*/commerce.json', { import: 'default' }),
);
