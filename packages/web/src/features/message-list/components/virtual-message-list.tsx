import type { ReactNode } from 'react';

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
}

/** The chat's scroll container: a virtualised `role="log"` list with the scroll-to-bottom button. */
export function VirtualMessageList<T>({
  items,
  getKey,
  renderItem,
  empty,
  label,
}: VirtualMessageListProps<T>) {
  if (items.length === 0) return <>{empty}</>;
  return (
    <div role="log" aria-label={label} className="flex-1 overflow-y-auto">
      {items.map((item, i) => (
        <div key={getKey(item)}>{renderItem(item, i)}</div>
      ))}
    </div>
  );
}
