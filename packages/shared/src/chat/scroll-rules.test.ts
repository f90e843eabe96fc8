import { describe, expect, it } from 'vitest';
import { distanceFromBottom, shouldShowScrollButton } from './scroll-rules';

describe('shouldShowScrollButton', () => {
  it('hides when the content fits in the view', () => {
    expect(shouldShowScrollButton({ scrollTop: 0, scrollHeight: 500, clientHeight: 800 })).toBe(false);
    expect(shouldShowScrollButton({ scrollTop: 0, scrollHeight: 800, clientHeight: 800 })).toBe(false);
  });

  it('shows exactly from 15% of the view height above the bottom', () => {
    // view 1000 px: the threshold is 150 px from the bottom.
    const at = (fromBottom: number) => ({
      scrollHeight: 5000,
      clientHeight: 1000,
      scrollTop: 4000 - fromBottom,
    });
    expect(shouldShowScrollButton(at(0))).toBe(false);
    expect(shouldShowScrollButton(at(149))).toBe(false);
    expect(shouldShowScrollButton(at(150))).toBe(true);
    expect(shouldShowScrollButton(at(4000))).toBe(true);
  });

  it('ignores a view without height (not laid out yet)', () => {
    expect(shouldShowScrollButton({ scrollTop: 0, scrollHeight: 100, clientHeight: 0 })).toBe(false);
  });
});

describe('distanceFromBottom', () => {
  it('never goes negative when the browser overscrolls', () => {
    expect(distanceFromBottom({ scrollTop: 4100, scrollHeight: 5000, clientHeight: 1000 })).toBe(0);
    expect(distanceFromBottom({ scrollTop: 3000, scrollHeight: 5000, clientHeight: 1000 })).toBe(1000);
  });
});
