import { useTranslation } from 'react-i18next';
import { TriangleAlert, KeyRound, Wallet } from 'lucide-react';
import { wasStopped, type Message } from '@parley/shared';
import { useStartupConfig } from '../../config/config.api';
import { useEndpointsQuery } from '../../endpoints/endpoints.api';
import { useKeyDialogStore } from '../../keys/key-dialog.store';
import { sendClick } from '../../commerce/click';
import { useCommerceDialogs } from '../../commerce/commerce-dialogs.store';
import { Markdown } from '../../markdown/components/markdown';
import { useSettingsStore } from '../../settings/settings.store';
import { useDelayedFlag } from '../hooks/use-delayed-flag';
import { messageText } from '../message-text';
import { replyBlocks } from '../reply-blocks';
import { errorDisplay, type ErrorDisplay } from '../message-error';
import { errorTextOf } from '../stream/message-updates';
import { ReplyBlocks } from './reply-blocks';
import { StoppedNotice, UnfinishedNotice } from './reply-notices';
import './message.css';

/**
 * The incomplete notice waits this long, so a reply that is about to arrive does not flash it
 * (docs/reference/chat.md (Send errors)).
 */
export const UNFINISHED_NOTICE_DELAY_MS = 250;

/** What the user wrote: plain text, kept as typed, in a soft bubble. */
export function UserText({ message }: { message: Message }) {
  return (
    <div className="max-w-[85%] rounded-3xl bg-zinc-100 px-4 py-2.5 text-[15px] leading-7 break-words whitespace-pre-wrap text-zinc-900 sm:px-5 dark:bg-zinc-800 dark:text-zinc-100">
      {messageText(message)}
    </div>
  );
}

/**
 * A reply: markdown (with a cursor while streaming; a reply that used tools shows its steps in order among its text),
 * or the error box, then the notice of an unfinished reply: that
 * the user stopped it (with Continue when it can go on), else that it is incomplete (it broke off). A reply that
 * failed mid-stream (errored and unfinished) keeps its partial text with the error under it
 * (docs/decisions.md (A failure mid-stream keeps the partial reply)). `hint`: the way to go on, under the latest
 * reply.
 */
export function AiContent({
  message,
  live,
  hint,
  endpoint,
  onContinue,
}: {
  message: Message;
  live: boolean;
  hint?: string | null;
  /** The reply's endpoint (its own, else the conversation's): who can fix a key error depends on it. */
  endpoint?: string;
  /** Continues this reply, when it can be continued. */
  onContinue?: () => void;
}) {
  const latex = useSettingsStore((s) => s.LaTeXParsing);
  const text = messageText(message);
  const partialError = message.error && message.unfinished;
  const stopped = wasStopped(message);
  const showNotice = useDelayedFlag(
    message.unfinished && !live && !message.error,
    UNFINISHED_NOTICE_DELAY_MS,
  );

  if (message.error && !partialError) {
    return (
      <div className="min-w-0">
        <ErrorBox text={text} endpoint={endpoint} />
        {hint && <GoOnHint hint={hint} />}
      </div>
    );
  }
  const errorText = errorTextOf(message);
  // A reply that used tools shows its steps among its text; any other renders from its text alone, as it always has.
  const blocks = replyBlocks(message);
  return (
    <div className="min-w-0 text-[15px] leading-7 text-zinc-900 dark:text-zinc-100">
      {blocks ? (
        <ReplyBlocks blocks={blocks} latex={latex} live={live} />
      ) : text ? (
        // dir="auto": a reply in English reads left to right in the Arabic interface, and one in Arabic right to left.
        <div dir="auto" className={live ? 'msg-streaming' : undefined}>
          <Markdown text={text} latex={latex} imageCreation={endpoint === 'bingAI'} />
        </div>
      ) : (
        live && <span className="msg-cursor" aria-hidden="true" />
      )}
      {partialError && <ErrorBox text={errorText ?? ''} endpoint={endpoint} cut />}
      {showNotice && (stopped ? <StoppedNotice onContinue={onContinue} /> : <UnfinishedNotice />)}
      {hint && !(showNotice && stopped) && <GoOnHint hint={hint} />}
    </div>
  );
}

/** How to go on after an errored or unfinished reply: the message box stays usable too. */
function GoOnHint({ hint }: { hint: string }) {
  const { t } = useTranslation();
  return (
    <p data-testid="go-on-hint" className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
      {t(hint)}
    </p>
  );
}

/**
 * The red error box (docs/reference/chat.md (Send errors)): a headline in the user's language; the provider's own
 * words, when there are any, in a Details disclosure that starts closed; and Set API key when the way out is the
 * user's key on an endpoint that takes one. `cut`: under a partial reply; without the error's own text (after a
 * reload, the server keeps only the reply's text) it says that an error cut the reply.
 */
function ErrorBox({ text, endpoint, cut = false }: { text: string; endpoint?: string; cut?: boolean }) {
  const { t } = useTranslation();
  const { data: config } = useEndpointsQuery();
  const settings = endpoint ? config?.[endpoint] : undefined;
  const shown: ErrorDisplay =
    cut && !text ? { key: 'com_ui_msg_error_cut' } : errorDisplay(text, { userKey: settings?.userProvide });
  const canSetKey = Boolean(shown.setKey && endpoint && settings?.userProvide);
  // Recharge only where something is for sale.
  const shopEnabled = useStartupConfig().config.shopEnabled;
  return (
    <div
      role="alert"
      className={`${cut ? 'mt-3 ' : ''}flex gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm leading-6 text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200`}
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 break-words">
        <p>{t(shown.key, shown.values ?? {})}</p>
        {shown.note && (
          <p data-testid="error-note" className="mt-1">
            {t(shown.note.key, shown.note.values ?? {})}
          </p>
        )}
        {shown.code && (
          <pre className="mt-2 overflow-x-auto rounded-lg bg-red-100/70 p-2 text-xs dark:bg-red-950/60">
            {shown.code}
          </pre>
        )}
        {canSetKey && (
          <button
            type="button"
            onClick={() => useKeyDialogStore.getState().open(endpoint!)}
            className="mt-2 inline-flex items-center gap-1.5 rounded-lg border border-red-300 bg-white px-2.5 py-1 text-sm font-medium text-red-900 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700 dark:border-red-800 dark:bg-red-950 dark:text-red-100 dark:hover:bg-red-900/60"
          >
            <KeyRound className="size-3.5" aria-hidden="true" />
            {t('com_endpoint_set_key')}
          </button>
        )}
        {shown.recharge && shopEnabled && (
          <button
            type="button"
            data-testid="error-recharge"
            onClick={() => {
              sendClick({ b: 'error_recharge' });
              useCommerceDialogs.getState().show('recharge');
            }}
            className="mt-2 inline-flex items-center gap-1.5 rounded-lg border border-red-300 bg-white px-2.5 py-1 text-sm font-medium text-red-900 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-700 dark:border-red-800 dark:bg-red-950 dark:text-red-100 dark:hover:bg-red-900/60"
          >
            <Wallet className="size-3.5" aria-hidden="true" />
            {t('com_ui_recharge_button')}
          </button>
        )}
        {shown.detail && (
          <details data-testid="error-details" className="mt-1.5">
            <summary className="cursor-pointer text-xs font-medium text-red-700 select-none hover:underline dark:text-red-300">
              {t('com_ui_msg_error_details')}
            </summary>
            <p
              data-testid="error-detail"
              className="mt-1 font-mono text-xs leading-5 whitespace-pre-wrap text-red-900 dark:text-red-100"
            >
              {shown.detail}
            </p>
          </details>
        )}
      </div>
    </div>
  );
}
