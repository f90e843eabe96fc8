import { useTranslation } from 'react-i18next';
import { FilePlus2 } from 'lucide-react';

/** Shown over the chat while files are dragged over it (docs/reference/chat.md (Message box)). */
export function DropOverlay() {
  const { t } = useTranslation();
  return (
    <div
      data-testid="drop-overlay"
      // Events pass through to the chat area, which owns the drag; the overlay only shows it.
      className="pointer-events-none absolute inset-0 z-30 flex items-center justify-center bg-white/80 p-6 backdrop-blur-sm dark:bg-zinc-950/80"
    >
      <div className="flex max-w-sm flex-col items-center gap-3 rounded-3xl border-2 border-dashed border-teal-600/70 px-10 py-9 text-center dark:border-teal-500/70">
        <FilePlus2
          className="size-10 text-teal-700 dark:text-teal-400"
          strokeWidth={1.5}
          aria-hidden="true"
        />
        <p className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
          {t('com_ui_attach_drop_title')}
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-300">{t('com_ui_attach_drop_subtitle')}</p>
      </div>
    </div>
  );
}
