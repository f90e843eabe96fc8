import { useEffect, useEffectEvent, useState } from 'react';
import { INFINITE_SCROLL_THROTTLE_MS } from '@parley/shared';
import { shouldLoadMore, throttle } from '../scroll-rules';

interface InfiniteScrollOptions {
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
  /** Changes whenever the content changes (e.g. the number of items), to re-check the position. */
  contentSize: number;
}

/**
 * Loads the next page when the container is scrolled to 97 %, checking at most once per 750 ms while
 * scrolling (docs/reference/conversations.md (The sidebar list)), and again whenever a page arrives: a view the content
 * does not fill, or a reader still at the bottom, gets the next page without another scroll. Returns the container's
 * callback ref.
 */
export function useInfiniteScroll<T extends HTMLElement>({
  hasMore,
  loading,
  loadMore,
  contentSize,
}: InfiniteScrollOptions) {
  const [element, setElement] = useState<T | null>(null);
  const check = useEffectEvent(() => {
    if (element && hasMore && !loading && shouldLoadMore(element)) loadMore();
  });

  useEffect(() => {
    if (!element) return;
    const throttled = throttle(() => check(), INFINITE_SCROLL_THROTTLE_MS);
    element.addEventListener('scroll', throttled.run, { passive: true });
    return () => {
      element.removeEventListener('scroll', throttled.run);
      throttled.cancel();
    };
  }, [element]);

  useEffect(() => check(), [element, contentSize, loading, hasMore]);

  return setElement;
}
