import { addLazyTexts } from '../i18n/lazy-texts';

// The share dialog's, the shared-links list's and the /share page's texts load with them, in the user's language
// only, out of the initial JavaScript (docs/architecture.md (Performance budgets)); the sidebar button's label is in
// the main catalogues.
export const shareTexts = addLazyTexts(
  import.meta.glob<Record<string, string>>('../../locales/lazy/*/share.json', { import: 'default' }),
);
