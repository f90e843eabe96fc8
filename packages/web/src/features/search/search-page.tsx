import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Lock } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import { useConversationStore } from '../chat/conversation.store';
import { useDocumentTitle } from '../config/use-document-title';
import { useSearchEnabledQuery, useSearchInfiniteQuery } from '../conversations/conversations.api';
import { useInfiniteScroll } from '../conversations/hooks/use-infinite-scroll';
import { NothingFound } from '../message-list/components/nothing-found';
import { usePendingDeleteKeys } from '../undo/pending-delete-keys';
import { SearchResultGroup } from './components/search-result-group';
import { groupSearchResults } from './search-results';

/**
 * /search/:query: matching messages grouped by conversation; an empty query goes to /c/new
 * (docs/reference/search.md (The search screen)).
 */
export function SearchPage() {
  const { t } = useTranslation();
  const { query = '' } = useParams();
  const q = query.trim();
  useDocumentTitle(null);
  useSearchConversationId();
  const enabled = useSearchEnabledQuery();
  const search = useSearchInfiniteQuery(q, enabled.data === true);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  // A chat whose delete waits out its undo window is already gone for the user, as in the sidebar.
  const pendingDeletes = usePendingDeleteKeys((s) => s.keys);
  const groups = useMemo(
    () =>
      groupSearchResults(data?.pages ?? []).filter((g) => !pendingDeletes.has(`convo:${g.conversationId}`)),
    [data, pendingDeletes],
  );
  const scrollRef = useInfiniteScroll<HTMLDivElement>({
    hasMore: hasNextPage && !search.isError,
    loading: search.isFetching,
    loadMore: () => void fetchNextPage(),
    contentSize: groups.length,
  });

  if (!q) return <Navigate to="/c/new" replace />;

  let body;
  if (enabled.data === false)
    body = <p className="py-8 text-sm text-zinc-500">{t('com_ui_search_disabled')}</p>;
  else if (search.isPending) body = <Spinner />;
  else if (search.isError && groups.length === 0)
    body = (
      <p role="alert" className="py-8 text-sm text-red-700 dark:text-red-400">
        {t('com_ui_search_error')}
      </p>
    );
  else if (groups.length === 0) body = <NothingFound />;
  else
    body = (
      <div className="flex flex-col gap-3">
        {groups.map((g) => (
          <SearchResultGroup key={g.conversationId} group={g} query={q} />
        ))}
        {isFetchingNextPage && <Spinner />}
      </div>
    );

  return (
    <div className="flex h-full flex-col" data-testid="search-page">
      <div ref={scrollRef} data-testid="search-scroll" className="min-h-0 flex-1 overflow-y-auto">
        <div className="mx-auto w-full max-w-3xl px-4 py-6">
          <h1 className="mb-4 truncate text-lg font-semibold text-zinc-900 dark:text-zinc-50">
            {t('com_ui_search_results_for', { query: q })}
          </h1>
          {body}
        </div>
      </div>
      <p
        role="note"
        className="flex items-center justify-center gap-2 border-t border-zinc-200 px-4 py-3 text-center text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400"
      >
        <Lock aria-hidden="true" className="size-3.5 shrink-0" />
        {t('com_ui_search_sending_blocked')}
      </p>
    </div>
  );
}

/**
 * While results show, the conversation on screen is the special 'search' one, so features that must not act
 * on it (sending, export) can tell (docs/reference/conversations.md (Special conversation ids)). The previous id comes
 * back when the page goes.
 */
function useSearchConversationId(): void {
  useEffect(() => {
    const store = useConversationStore.getState();
    const previous = store.conversationId;
    store.setConversationId('search');
    return () => {
      const now = useConversationStore.getState();
      if (now.conversationId === 'search') now.setConversationId(previous);
    };
  }, []);
}
