import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { KEYBOARD_STEP, type SidePanelSizes } from '../side-panel-sizes';

interface ResizeHandleProps {
  /** The panel's size now, in percent of the row. */
  size: number;
  sizes: SidePanelSizes;
  collapsed: boolean;
  /** The row the chat and the panel share: a drag is measured against its end edge. */
  row: () => HTMLElement | null;
  /** Asks for a size (percent); `done` is false while a drag goes on. */
  onResize: (requested: number, done: boolean) => void;
  onToggle: () => void;
}

/**
 * The line between the chat and the side panel: dragged with a pointer, or focused and moved with the arrow keys
 * (5% of the row a press), Home and End (its smallest and largest open size), Enter (collapse or open). A
 * separator in the ARIA sense, whose value is the panel's share of the row.
 */
export function ResizeHandle({ size, sizes, collapsed, row, onResize, onToggle }: ResizeHandleProps) {
  const { t } = useTranslation();
  const [dragging, setDragging] = useState(false);
  const moved = useRef(false);

  // Right to left (Arabic), the panel is on the row's left: the drag is measured from that edge instead.
  const rtl = () => document.documentElement.dir === 'rtl';
  const requestedAt = (clientX: number) => {
    const box = row()?.getBoundingClientRect();
    if (!box || box.width <= 0) return size;
    return (100 * (rtl() ? clientX - box.left : box.right - clientX)) / box.width;
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    moved.current = false;
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging) return;
    moved.current = true;
    onResize(requestedAt(e.clientX), false);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging) return;
    setDragging(false);
    if (moved.current) onResize(requestedAt(e.clientX), true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = collapsed ? sizes.collapsed : size;
    // The arrow toward the chat widens the panel.
    const widen = rtl() ? 'ArrowRight' : 'ArrowLeft';
    const narrow = rtl() ? 'ArrowLeft' : 'ArrowRight';
    const to: Record<string, number> = {
      [widen]: from + KEYBOARD_STEP,
      [narrow]: from - KEYBOARD_STEP,
      Home: sizes.min,
      End: sizes.max,
    };
    if (e.key === 'Enter') onToggle();
    else if (e.key in to) onResize(to[e.key]!, true);
    else return;
    e.preventDefault();
  };

  // Named by its title alone: an aria-label would count as page content outside any landmark (axe's region rule).
  return (
    <div
      role="separator"
      tabIndex={0}
      aria-orientation="vertical"
      aria-controls="side-panel"
      aria-valuenow={Math.round(collapsed ? sizes.collapsed : size)}
      aria-valuemin={Math.round(sizes.collapsed)}
      aria-valuemax={Math.round(sizes.max)}
      title={t('com_sidepanel_resize')}
      data-testid="side-panel-handle"
      data-dragging={dragging || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      className="group relative z-10 w-px shrink-0 cursor-col-resize touch-none bg-zinc-200 outline-none hover:bg-teal-600/60 focus-visible:bg-teal-600 data-dragging:bg-teal-600 dark:bg-zinc-800"
    >
      {/* A wider target than the 1 px line, and the focus ring around it. */}
      <span
        aria-hidden="true"
        className="absolute inset-y-0 -start-1.5 w-3.5 group-focus-visible:outline-2 group-focus-visible:outline-teal-600"
      />
    </div>
  );
}
