import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Clock } from 'lucide-react';
import { TEMPORARY_CHAT_RETENTION } from '@parley/shared';
import { useStartupConfig } from '../../config/config.api';
import { conversationQuery, NEW_CONVERSATION } from '../chat.api';
import { useConversationStore } from '../conversation.store';
import { useTemporaryChatStore } from '../temporary-chat.store';
import { offersTemporaryChat } from '../temporary-chat-rules';

/**
 * "N days" when the hours make whole days, else "N hours" (docs/reference/conversations.md (Temporary chats)); one of
 * either has its own text, as its grammar differs in most languages.
 */
export function retentionText(hours: number, t: TFunction): string {
  if (hours % 24 === 0) {
    const days = hours / 24;
    return days === 1 ? t('com_temporary_one_day') : t('com_temporary_days', { count: days });
  }
  return hours === 1 ? t('com_temporary_one_hour') : t('com_temporary_hours', { count: hours });
}

/**
 * Above the message box: on a new chat, the Temporary chat switch; while the chat is temporary (switched on, or a
 * saved temporary chat opened), the banner saying what that means.
 */
export function TemporaryChatBar() {
  const { t } = useTranslation();
  const conversationId = useConversationStore((s) => s.conversationId);
  const isNew = conversationId === NEW_CONVERSATION;
  const offered = useConversationStore((s) => offersTemporaryChat(s.setup.endpoint));
  const on = useTemporaryChatStore((s) => s.on);
  const setOn = useTemporaryChatStore((s) => s.setOn);
  // The saved chat's record is in the cache already (the route or the send put it there): no request of its own.
  const saved = useQuery({ ...conversationQuery(conversationId), enabled: false }).data;
  const hours =
    useStartupConfig().config.interface?.temporaryChatRetention ?? TEMPORARY_CHAT_RETENTION.default;
  const temporary = isNew ? on && offered : Boolean(saved?.expiredAt);
  if (isNew ? !offered : !temporary) return null;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-wrap items-center gap-2 px-3 pb-2 sm:px-6">
      {isNew && (
        <button
          type="button"
          role="switch"
          aria-checked={on}
          data-testid="temporary-chat-toggle"
          onClick={() => setOn(!on)}
          className={`inline-flex h-8 items-center gap-1.5 rounded-full border px-3 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${
            on
              ? 'border-amber-600 bg-amber-50 text-amber-900 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100'
              : 'border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800'
          }`}
        >
          <Clock aria-hidden="true" className="size-3.5" />
          {t('com_temporary_chat')}
        </button>
      )}
      {temporary && (
        <p
          role="status"
          data-testid="temporary-chat-banner"
          className="min-w-0 flex-1 rounded-lg bg-amber-50 px-3 py-1.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('com_temporary_banner', { period: retentionText(hours, t) })}
        </p>
      )}
    </div>
  );
}
