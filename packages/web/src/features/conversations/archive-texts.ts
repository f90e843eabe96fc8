import { addLazyTexts } from '../i18n/lazy-texts';

// Settings → Data → Archived chats' texts load with that section, in the user's language only, out of the initial
// JavaScript (docs/architecture.md (Performance budgets)); the sidebar's Archive label is in the main catalogues.
export const archiveTexts = addLazyTexts(
  import.meta.glob<Record<string, string>>('../../locales/lazy/*/archive.json', { import: 'default' }),
);
