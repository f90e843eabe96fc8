import { useTranslation } from 'react-i18next';
import { ArrowDown } from 'lucide-react';

/** The round "Scroll to bottom" button, under the message log and above the input panel. */
export function ScrollToBottomButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={t('com_ui_render_scroll_to_bottom')}
      title={t('com_ui_render_scroll_to_bottom')}
      className="inline-flex size-9 items-center justify-center rounded-full border border-zinc-200 bg-white/95 text-zinc-700 shadow-md shadow-zinc-900/10 backdrop-blur transition hover:bg-zinc-50 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:border-zinc-700 dark:bg-zinc-800/95 dark:text-zinc-200 dark:shadow-black/40 dark:hover:bg-zinc-700 dark:hover:text-white"
    >
      <ArrowDown aria-hidden="true" className="size-4.5" strokeWidth={2} />
    </button>
  );
}
