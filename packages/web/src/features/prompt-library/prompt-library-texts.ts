import { addLazyTexts } from '../i18n/lazy-texts';

// The prompt library dialog's texts load with it, in the user's language only, see
// docs/architecture.md (Performance budgets); the button, chip and slash picker texts are in the main catalogues.
export const promptLibraryTexts = addLazyTexts(
  import.meta.glob<Record<string, string>>('../../locales/lazy/*/prompt-library.json', { import: 'default' }),
);
