import { addLazyTexts } from '../i18n/lazy-texts';

// The dialog's texts load with it, out of the initial JavaScript (docs/architecture.md (Performance budgets)); the
// menu item's label is in the main catalogues.
export const exportTexts = addLazyTexts(
  import.meta.glob<Record<string, string>>('../../locales/lazy/*/export.json', { import: 'default' }),
);
