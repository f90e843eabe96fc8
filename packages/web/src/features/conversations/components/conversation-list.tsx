import { useMemo, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { groupConversationsByDate } from '@parley/shared';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useEndpointsQuery } from '../../endpoints/endpoints.api';
import { NARROW_QUERY, useNavStore } from '../../nav/nav.store';
import { usePendingDeleteKeys } from '../../undo/pending-delete-keys';
import { useConversationsInfiniteQuery } from '../conversations.api';
import { groupLabel } from '../group-label';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { listKeyTarget, listTabStop } from '../list-keys';
import { ConversationItem } from './conversation-item';
import { intlLocale } from '../../i18n/intl-locale';

/** The conversation id of the row an element is in, when it is in this list's own DOM (not a dialog it opened). */
function rowIdOf(list: HTMLElement, target: EventTarget): string | undefined {
  if (!(target instanceof HTMLElement) || !list.contains(target) || target.closest('input')) return undefined;
  return target.closest<HTMLElement>('[data-conversation-id]')?.dataset.conversationId;
}

/**
 * The date-grouped chats with infinite scroll (docs/reference/conversations.md (The sidebar list)). The list is one
 * tab stop: ArrowUp, ArrowDown, Home and End move between the conversations, Enter opens the focused one
 * (docs/reference/settings-and-ui.md (Keyboard in the conversation list)).
 */
export function ConversationList({ activeId }: { activeId: string | undefined }) {
  const { t, i18n } = useTranslation();
  const narrow = useMediaQuery(NARROW_QUERY);
  const setVisible = useNavStore((s) => s.setVisible);
  const query = useConversationsInfiniteQuery();
  const endpointsConfig = useEndpointsQuery().data;
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // A chat whose delete waits out its undo window is already gone from the list.
  const pendingDeletes = usePendingDeleteKeys((s) => s.keys);
  const conversations = useMemo(
    () =>
      data?.pages
        .flatMap((p) => p.conversations)
        .filter((c) => !pendingDeletes.has(`convo:${c.conversationId}`)) ?? [],
    [data, pendingDeletes],
  );
  const groups = useMemo(() => groupConversationsByDate(conversations), [conversations]);
  const ids = useMemo(() => groups.flatMap((g) => g.conversations.map((c) => c.conversationId)), [groups]);
  const [lastFocused, setLastFocused] = useState<string | null>(null);
  const tabStop = listTabStop(ids, lastFocused, activeId);
  const scrollRef = useInfiniteScroll<HTMLDivElement>({
    hasMore: hasNextPage && !query.isError,
    loading: query.isFetching,
    loadMore: () => void fetchNextPage(),
    contentSize: conversations.length,
  });

  // On a phone the sidebar covers the chat, so it closes once a chat is picked.
  const onNavigate = () => {
    if (narrow) setVisible(false);
  };

  // The tab stop follows the focus, so Tab back into the list returns to the conversation left.
  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const id = rowIdOf(e.currentTarget, e.target);
    if (id) setLastFocused(id);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = e.defaultPrevented ? undefined : rowIdOf(e.currentTarget, e.target);
    const next = from && listKeyTarget(ids, from, e);
    if (!next) return;
    // Focusing the link scrolls it into view, which loads the next page when it is near the end.
    const link = e.currentTarget.querySelector<HTMLElement>(`[data-conversation-id="${CSS.escape(next)}"] a`);
    if (!link) return;
    e.preventDefault();
    link.focus();
  };

  return (
    // Key and focus events bubble here from the links and buttons inside; the list itself takes no focus.
    <div
      ref={scrollRef}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      data-testid="conversation-list"
      className="min-h-0 flex-1 overflow-y-auto px-2 pb-2 [scrollbar-width:thin]"
    >
      <h2 className="sr-only">{t('com_nav_chats')}</h2>
      {groups.map(({ key, group, conversations: items }) => (
        <section key={key} aria-labelledby={`convo-group-${key}`} className="pt-4 first:pt-2">
          <h3
            id={`convo-group-${key}`}
            className="sticky top-0 z-10 bg-zinc-50 px-2 pb-1.5 text-xs font-medium text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400"
          >
            {groupLabel(group, t, intlLocale(i18n.language))}
          </h3>
          <ul className="flex flex-col gap-px">
            {items.map((c) => (
              <ConversationItem
                key={c.conversationId}
                conversation={c}
                endpointsConfig={endpointsConfig}
                active={c.conversationId === activeId}
                tabStop={c.conversationId === tabStop}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
        </section>
      ))}
      {query.isPending || isFetchingNextPage ? (
        <div role="status" className="flex justify-center py-3">
          <span className="size-4 animate-spin rounded-full border-2 border-zinc-300 border-t-teal-600 dark:border-zinc-700 dark:border-t-teal-400" />
          <span className="sr-only">{t('com_nav_convo_loading')}</span>
        </div>
      ) : query.isError ? (
        <div className="px-2 py-3 text-sm text-zinc-500 dark:text-zinc-400">
          <p>{t('com_nav_convo_load_error')}</p>
          <button
            type="button"
            onClick={() => void (conversations.length ? fetchNextPage() : query.refetch())}
            className="mt-1 font-medium text-teal-700 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-teal-400"
          >
            {t('com_nav_convo_retry')}
          </button>
        </div>
      ) : (
        conversations.length === 0 && (
          <p className="px-2 pt-3 text-sm text-zinc-500 dark:text-zinc-400">{t('com_nav_chats_empty')}</p>
        )
      )}
    </div>
  );
}
