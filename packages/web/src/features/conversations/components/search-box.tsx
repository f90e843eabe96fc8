import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Search, X } from 'lucide-react';
import { SIDEBAR_SEARCH_DEBOUNCE_MS } from '@parley/shared';
import { useMediaQuery } from '../../../lib/use-media-query';
import { NARROW_QUERY, useNavStore } from '../../nav/nav.store';
import { routeState, searchPath } from '../route-state';

/**
 * The sidebar's search box: typing navigates to /search/{query} after 350 ms of quiet
 * (docs/reference/search.md (The search screen)), Enter at once; an empty box, the clear button or Backspace on an
 * empty box leave search for /c/new. On /search/… it shows the query.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routeQuery = routeState(pathname).searchQuery;
  const [text, setText] = useState(routeQuery ?? '');
  const [syncedQuery, setSyncedQuery] = useState(routeQuery);
  const inputRef = useRef<HTMLInputElement>(null);
  const narrow = useMediaQuery(NARROW_QUERY);
  const setNavVisible = useNavStore((s) => s.setVisible);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The URL leads: opening /search/x shows x, leaving search empties the box. Our own navigation already
  // matches the (trimmed) text, so it does not overwrite what the user is typing.
  if (routeQuery !== syncedQuery) {
    setSyncedQuery(routeQuery);
    if ((routeQuery ?? '') !== text.trim()) setText(routeQuery ?? '');
  }

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  useEffect(() => cancel, []);

  const go = (value: string) => {
    const onSearch = routeState(window.location.pathname).searchQuery !== undefined;
    const target = searchPath(value);
    if (!value.trim()) {
      if (onSearch) void navigate(target);
      return;
    }
    if (target !== window.location.pathname) void navigate(target, { replace: onSearch });
  };

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setText(value);
    cancel();
    timer.current = setTimeout(() => go(value), SIDEBAR_SEARCH_DEBOUNCE_MS);
  };

  const clear = () => {
    cancel();
    setText('');
    go('');
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && e.currentTarget.value === '') clear();
    // Enter searches at once; on a phone the sidebar then steps aside to show the results.
    if (e.key === 'Enter' && !e.nativeEvent.isComposing && e.currentTarget.value.trim()) {
      cancel();
      go(e.currentTarget.value);
      if (narrow) setNavVisible(false);
    }
  };

  return (
    <div className="relative px-2 pb-1">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 start-4.5 size-4 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
      />
      <input
        ref={inputRef}
        data-conversation-search
        type="search"
        value={text}
        onChange={onChange}
        onKeyDown={onKeyDown}
        aria-label={t('com_nav_convo_search')}
        placeholder={t('com_nav_convo_search')}
        enterKeyHint="search"
        className="h-9 w-full rounded-lg border border-zinc-200 bg-white pe-9 ps-8.5 text-sm text-zinc-900 placeholder:text-zinc-500 focus:border-teal-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600/30 dark:border-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-100 dark:placeholder:text-zinc-400 [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          aria-label={t('com_nav_convo_search_clear')}
          onClick={clear}
          className="absolute top-1/2 end-3 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-50"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
