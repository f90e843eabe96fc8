import { useTranslation } from 'react-i18next';
import { ArrowUp, Square } from 'lucide-react';

const roundButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-full transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600';

interface InputButtonsProps {
  submitting: boolean;
  sendDisabled: boolean;
  /** The short window after Stop (docs/reference/chat.md (Stopping a reply)). */
  showContinue: boolean;
  onSend: () => void;
  onStop: () => void;
  onContinue: () => void;
}

/** The message box's buttons: Send, or Stop while a reply is in progress; Continue right after a stop. */
export function InputButtons(props: InputButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      {props.showContinue && (
        <button
          type="button"
          onClick={props.onContinue}
          className="h-9 shrink-0 rounded-full border border-zinc-300 px-3 text-sm font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-600 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          {t('com_ui_chat_continue')}
        </button>
      )}
      {props.submitting ? (
        <button
          type="button"
          aria-label={t('com_ui_chat_stop')}
          onClick={props.onStop}
          className={`${roundButton} bg-zinc-900 text-white hover:bg-zinc-700 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-zinc-300`}
        >
          <Square className="size-3.5 fill-current" aria-hidden="true" />
        </button>
      ) : (
        <button
          type="button"
          aria-label={t('com_ui_chat_send')}
          disabled={props.sendDisabled}
          onClick={props.onSend}
          className={`${roundButton} bg-teal-700 text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:bg-zinc-200 disabled:text-zinc-400 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-600`}
        >
          <ArrowUp className="size-5" aria-hidden="true" />
        </button>
      )}
    </>
  );
}
