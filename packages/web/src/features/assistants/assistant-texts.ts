import { addLazyTexts } from '../i18n/lazy-texts';

// The builder's and the actions editor's texts come with the panel's code, out of the initial JavaScript
// (docs/architecture.md (Performance budgets)).
export const assistantTexts = addLazyTexts(
  import.meta.glob<Record<string, string>>('../../locales/lazy/*/assistants.json', { import: 'default' }),
);
