import { useLayoutEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { INSTANT_SCROLL_THROTTLE_MS, SMOOTH_SCROLL_THROTTLE_MS } from '@parley/shared';
import { useSettingsStore } from '../../settings/settings.store';
import { useRenderAllStore } from '../render-all.store';
import { throttle } from '../throttle';
import { useScrollButton } from '../use-scroll-button';
import { ScrollToBottomButton } from './scroll-to-bottom-button';

export interface VirtualMessageListProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** True while the last item is streaming: the list follows the bottom if the reader is there. */
  streaming?: boolean;
  /** Shown instead of the list when `items` is empty. */
  empty?: ReactNode;
  /** Accessible name of the log. */
  label: string;
  /** When it changes (another conversation), the list scrolls to the bottom again. Default: the first key. */
  scrollKey?: string;
  /** Height (px) assumed for an item before it is measured. */
  estimateSize?: number;
}

/** Within this many px of the bottom the list stays pinned there as content grows (one wheel step unpins it). */
const PIN_THRESHOLD_PX = 32;

/** The chat's scroll container: a virtualised `role="log"` list with the scroll-to-bottom button. */
export function VirtualMessageList<T>(props: VirtualMessageListProps<T>) {
  if (props.items.length === 0) return <div className="flex min-h-0 flex-1 flex-col">{props.empty}</div>;
  return <VirtualLog {...props} />;
}

function VirtualLog<T>({
  items,
  getKey,
  renderItem,
  streaming = false,
  label,
  scrollKey,
  estimateSize = 140,
}: VirtualMessageListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const autoScroll = useSettingsStore((s) => s.autoScroll);
  const button = useScrollButton(scrollRef);
  // The screenshot export needs every row in the page for a moment
  // (docs/decisions.md, "The screenshot export renders the whole branch").
  const renderAll = useRenderAllStore((s) => s.all);

  // End anchoring: new output is followed only while the reader is at the bottom; growth of items above the
  // view does not move what the reader sees. (The app does not use the React Compiler, which this rule is about.)
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    getItemKey: (index) => getKey(items[index]!),
    overscan: renderAll ? items.length : 6,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: PIN_THRESHOLD_PX,
  });

  const toEnd = useMemo(() => {
    const scroll = (behavior: ScrollBehavior) => virtualizer.scrollToEnd({ behavior });
    return {
      smooth: throttle(() => scroll('smooth'), SMOOTH_SCROLL_THROTTLE_MS),
      instant: throttle(() => scroll('auto'), INSTANT_SCROLL_THROTTLE_MS),
    };
  }, [virtualizer]);

  // Opens at the bottom, and again for another conversation.
  const openKey = scrollKey ?? getKey(items[0]!);
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, [virtualizer, openKey]);

  // A reply starts: follow it if the reader was near the bottom (the button hidden) or auto-scroll is on.
  // Runs before the size check below, so it reads where the reader was before the new items came.
  const wasStreaming = useRef(streaming);
  useLayoutEffect(() => {
    if (streaming && !wasStreaming.current && (autoScroll || !button.shownRef.current)) toEnd.instant();
    wasStreaming.current = streaming;
  }, [streaming, autoScroll, button.shownRef, toEnd]);

  const totalSize = virtualizer.getTotalSize();
  const { check } = button;
  // Checked a frame later: while rows are measured the virtualizer re-pins the bottom, and checking before that
  // would flash the button on opening a long conversation.
  useLayoutEffect(() => {
    const frame = requestAnimationFrame(check);
    return () => cancelAnimationFrame(frame);
  }, [check, totalSize]);

  // Native Home/End animate, and measuring the items passed on the way corrects the offset, which stops the
  // animation short of the edge; the virtualizer's own scroll re-targets until it arrives.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.shiftKey) return;
    if (event.key === 'Home') virtualizer.scrollToIndex(0, { align: 'start' });
    else if (event.key === 'End') virtualizer.scrollToEnd();
    else return;
    event.preventDefault();
  };

  const virtualItems = virtualizer.getVirtualItems();
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        role="log"
        aria-label={label}
        aria-busy={streaming}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain [overflow-anchor:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600/60"
      >
        <div className="relative w-full" style={{ height: totalSize }}>
          <div
            data-message-rows=""
            className="absolute top-0 start-0 w-full"
            style={{ transform: `translateY(${virtualItems[0]?.start ?? 0}px)` }}
          >
            {virtualItems.map((row) => (
              <div key={row.key} data-index={row.index} ref={virtualizer.measureElement}>
                {renderItem(items[row.index]!, row.index)}
              </div>
            ))}
          </div>
        </div>
      </div>
      {/* Under the log, never over its text (docs/decisions.md (Scroll to bottom sits under the log, not over it)). */}
      {button.shown && (
        <div className="flex shrink-0 justify-center pt-2">
          <ScrollToBottomButton onClick={toEnd.smooth} />
        </div>
      )}
    </div>
  );
}
