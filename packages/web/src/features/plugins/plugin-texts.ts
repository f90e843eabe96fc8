import { addLazyTexts } from '../i18n/lazy-texts';

// The store's and the tool picker's texts come with the first of them to load (the settings panel or the dialog),
// out of the initial JavaScript (docs/architecture.md (Performance budgets)).
export const pluginTexts = addLazyTexts(
  import.meta.glob<Record<string, string>>('../../locales/lazy/*/plugins.json', { import: 'default' }),
);
