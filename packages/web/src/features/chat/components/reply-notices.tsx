import { useTranslation } from 'react-i18next';
import { Info, Play, Square } from 'lucide-react';

const NOTE =
  'mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border px-3.5 py-2.5 text-sm leading-6';

/**
 * A reply the user stopped (docs/reference/chat.md (Stopping a reply)): it says so, plainly, and offers Continue
 * when the reply can go on. Not a warning: nothing went wrong.
 */
export function StoppedNotice({ onContinue }: { onContinue?: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      data-testid="stopped-notice"
      className={`${NOTE} border-zinc-200 bg-zinc-50 text-zinc-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-300`}
    >
      <span className="flex items-center gap-2.5">
        <Square className="size-3.5 shrink-0 fill-current" aria-hidden="true" />
        {t('com_ui_msg_stopped')}
      </span>
      {onContinue && (
        <button
          type="button"
          data-testid="stopped-continue"
          onClick={onContinue}
          className="inline-flex items-center gap-1.5 rounded-lg border border-zinc-300 bg-white px-2.5 py-1 font-medium text-zinc-900 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700"
        >
          <Play className="size-3.5" aria-hidden="true" />
          {t('com_ui_msg_stopped_continue')}
        </button>
      )}
    </div>
  );
}

/** A reply that broke off without the user stopping it: it may still be running, or was cut elsewhere. */
export function UnfinishedNotice() {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      className={`${NOTE} flex-nowrap items-start gap-2.5 border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/50 dark:bg-amber-950/30 dark:text-amber-200`}
    >
      <Info className="mt-1 size-4 shrink-0" aria-hidden="true" />
      <span>{t('com_ui_msg_unfinished')}</span>
    </p>
  );
}
