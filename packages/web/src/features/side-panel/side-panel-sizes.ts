import type { PanelLayout } from '../../lib/storage';

/**
 * The side panel's sizes (docs/reference/settings-and-ui.md (Layout)): a new user sees the chat at 97% and
 * the panel collapsed to its 3% strip of icons; expanded it opens at 20% and grows to 40% at most, never narrower
 * than 352 px (340 px under 640 px). It is not shown at 767 px or narrower.
 */
export const SIDE_PANEL = {
  defaultLayout: [97, 3] as PanelLayout,
  collapsedSize: 3,
  defaultSize: 20,
  maxSize: 40,
  minWidth: 352,
  minWidthNarrow: 340,
  /** Under this viewport width the expanded panel may be 340 px. */
  narrowFrom: 640,
  /**
   * The collapsed strip holds a column of 36 px icon buttons: on a row where 3% is less than this it takes this many
   * pixels instead, or its icons would be cut.
   */
  collapsedMinWidth: 52,
  /** The layout is saved this long after the last change. */
  layoutSaveDelayMs: 350,
  hiddenQuery: '(max-width: 767px)',
} as const;

export interface SidePanelSizes {
  /** Percentages of the row the chat and the panel share. */
  collapsed: number;
  min: number;
  max: number;
  default: number;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The panel's sizes as percentages of a row `rowWidth` px wide in a `viewportWidth` px window: the pixel floors turned
 * into percentages, and the maximum raised to the minimum where the row is too narrow for both.
 */
export function sidePanelSizes(rowWidth: number, viewportWidth: number): SidePanelSizes {
  const width = rowWidth > 0 ? rowWidth : Math.max(viewportWidth, 1);
  const minPx = viewportWidth < SIDE_PANEL.narrowFrom ? SIDE_PANEL.minWidthNarrow : SIDE_PANEL.minWidth;
  const percent = (px: number) => Math.min(100, (100 * px) / width);
  const collapsed = Math.max(SIDE_PANEL.collapsedSize, percent(SIDE_PANEL.collapsedMinWidth));
  const min = Math.max(collapsed, percent(minPx));
  const max = Math.max(SIDE_PANEL.maxSize, min);
  const preferred = Math.min(Math.max(SIDE_PANEL.defaultSize, min), max);
  return { collapsed: round(collapsed), min: round(min), max: round(max), default: round(preferred) };
}

/** The size to open the panel at: the last size it had open, if it still fits, else its default. */
export function expandedSize(remembered: number | null, sizes: SidePanelSizes): number {
  if (remembered === null || remembered <= sizes.collapsed) return sizes.default;
  return Math.min(Math.max(remembered, sizes.min), sizes.max);
}

/** Each arrow key on the handle moves it by this share of the row, in percent. */
export const KEYBOARD_STEP = 5;

/**
 * Where a drag or a key leaves the panel when asked for `requested` percent: within its maximum; below its minimum it
 * snaps back to the minimum, or to the strip once the request is nearer the strip than the minimum.
 */
export function resizeTo(requested: number, sizes: SidePanelSizes): { size: number; collapsed: boolean } {
  if (requested >= sizes.min) return { size: Math.min(requested, sizes.max), collapsed: false };
  const threshold = (sizes.min + sizes.collapsed) / 2;
  return requested < threshold
    ? { size: sizes.collapsed, collapsed: true }
    : { size: sizes.min, collapsed: false };
}
