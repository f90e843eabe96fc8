import i18n from 'i18next';
import type { Catalogue } from '../../locales/catalogues';

/**
 * Adds the texts that a lazily loaded part of the app brings along (locales/lazy/<lang>/<area>.json), so they stay
 * out of the initial JavaScript (docs/architecture.md (Performance budgets)). Before i18next is initialised (a unit
 * test importing the part first) they are added as soon as it is.
 */
export function addLazyTexts(texts: Record<string, Catalogue>): void {
  const add = () => {
    for (const [lng, catalogue] of Object.entries(texts)) {
      i18n.addResourceBundle(lng, 'translation', catalogue, true, false);
    }
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}
