import { useTranslation } from 'react-i18next';
import { SearchX } from 'lucide-react';

/**
 * The chat screen's empty-result notice (docs/reference/settings-and-ui.md (The chat screen)), e.g. for a search
 * without matches.
 */
export function NothingFound() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-16 text-center"
    >
      <SearchX aria-hidden="true" className="size-8 text-zinc-400 dark:text-zinc-500" strokeWidth={1.6} />
      <p className="text-sm font-medium text-zinc-600 dark:text-zinc-300">
        {t('com_ui_render_nothing_found')}
      </p>
    </div>
  );
}
