import { describe, expect, it } from 'vitest';
import { expandedSize, resizeTo, SIDE_PANEL, sidePanelSizes } from './side-panel-sizes';

describe('sidePanelSizes', () => {
  it('keeps the 3% strip, 20% default and 40% maximum on a wide row', () => {
    // 4000 px: 3% is 120 px (over the strip's floor), 352 px is 8.8%.
    expect(sidePanelSizes(4000, 4260)).toEqual({ collapsed: 3, min: 8.8, max: 40, default: 20 });
  });

  it('turns the pixel floors into percentages of a common desktop row', () => {
    // 1020 px (1280 px window, sidebar open): the strip is 52 px (5.098%), the open panel at least 352 px (34.51%).
    expect(sidePanelSizes(1020, 1280)).toEqual({ collapsed: 5.098, min: 34.51, max: 40, default: 34.51 });
  });

  it('raises the maximum to the minimum when the row is too narrow for 352 px in 40%', () => {
    // 508 px: a 768 px window with the 260 px sidebar open.
    const sizes = sidePanelSizes(508, 768);
    expect(sizes.min).toBe(69.291);
    expect(sizes.max).toBe(69.291);
    expect(sizes.default).toBe(69.291);
  });

  it('takes 340 px as the floor under 640 px and falls back to the window before the row is measured', () => {
    expect(sidePanelSizes(0, 600).min).toBe(56.667);
    expect(sidePanelSizes(0, 1000).min).toBe(35.2);
    expect(sidePanelSizes(200, 1000)).toEqual({ collapsed: 26, min: 100, max: 100, default: 100 });
  });

  it('has the documented constants', () => {
    expect(SIDE_PANEL.defaultLayout).toEqual([97, 3]);
    expect([SIDE_PANEL.collapsedSize, SIDE_PANEL.defaultSize, SIDE_PANEL.maxSize]).toEqual([3, 20, 40]);
    expect([SIDE_PANEL.minWidthNarrow, SIDE_PANEL.minWidth, SIDE_PANEL.layoutSaveDelayMs]).toEqual([
      340, 352, 350,
    ]);
    expect(SIDE_PANEL.hiddenQuery).toBe('(max-width: 767px)');
  });
});

describe('expandedSize', () => {
  const sizes = sidePanelSizes(4000, 4260);

  it('reopens at the remembered size, kept within the limits', () => {
    expect(expandedSize(30, sizes)).toBe(30);
    expect(expandedSize(75, sizes)).toBe(40);
    expect(expandedSize(5, sizes)).toBe(8.8);
  });

  it('opens at the default when nothing open was remembered', () => {
    expect(expandedSize(null, sizes)).toBe(20);
    expect(expandedSize(3, sizes)).toBe(20);
  });
});

describe('resizeTo', () => {
  // 1020 px row: strip 5.098%, open from 34.51% to 40%.
  const sizes = sidePanelSizes(1020, 1280);

  it('keeps a size within the limits and stops at the maximum', () => {
    expect(resizeTo(37, sizes)).toEqual({ size: 37, collapsed: false });
    expect(resizeTo(34.51, sizes)).toEqual({ size: 34.51, collapsed: false });
    expect(resizeTo(55, sizes)).toEqual({ size: 40, collapsed: false });
  });

  it('snaps a size under the minimum to the minimum, or to the strip past half way', () => {
    // Half way between the strip and the minimum is 19.804%.
    expect(resizeTo(19.9, sizes)).toEqual({ size: 34.51, collapsed: false });
    expect(resizeTo(19.7, sizes)).toEqual({ size: 5.098, collapsed: true });
    expect(resizeTo(-10, sizes)).toEqual({ size: 5.098, collapsed: true });
  });
});
