import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { SCROLL_CHECK_MS, shouldShowScrollButton } from '@parley/shared';
import { throttle } from './throttle';

/**
 * Whether the scroll-to-bottom button shows (docs/reference/settings-and-ui.md (The chat screen)), checked on scroll at
 * most every 100 ms (with a trailing check where scrolling stops) and whenever the caller calls `check` (content size
 * changes). `shownRef` holds the latest answer for effects that must not wait for a render.
 */
export function useScrollButton(scrollRef: RefObject<HTMLElement | null>) {
  const [shown, setShown] = useState(false);
  const shownRef = useRef(false);

  const check = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const next = shouldShowScrollButton(el);
    shownRef.current = next;
    setShown(next);
  }, [scrollRef]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onScroll = throttle(check, SCROLL_CHECK_MS, { trailing: true });
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      onScroll.cancel();
    };
  }, [scrollRef, check]);

  return { shown, shownRef, check };
}
