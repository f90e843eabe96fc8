import { addLazyTexts } from '../i18n/lazy-texts';

// The import section's texts load with it, in the user's language only, out of the initial JavaScript
// (docs/architecture.md (Performance budgets)).
export const importTexts = addLazyTexts(
  import.meta.glob<Record<string, string>>('../../locales/lazy/*/import.json', { import: 'default' }),
);
