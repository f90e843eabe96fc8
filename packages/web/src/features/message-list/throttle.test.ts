import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('throttle', () => {
  it('runs the first call at once and drops calls within the window (smooth scroll: 750 ms)', () => {
    const fn = vi.fn();
    const t = throttle(fn, 750);
    t(1);
    t(2);
    vi.advanceTimersByTime(749);
    t(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(1);
    t(4);
    expect(fn.mock.calls).toEqual([[1], [4]]);
  });

  it('with trailing, runs the last call of the window when it ends (scroll check: 100 ms)', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100, { trailing: true });
    t('a');
    t('b');
    t('c');
    expect(fn.mock.calls).toEqual([['a']]);
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls).toEqual([['a'], ['c']]);
    // The trailing call opened a new window.
    t('d');
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls.at(-1)).toEqual(['d']);
  });

  it('cancel drops a pending trailing call and reopens at once', () => {
    const fn = vi.fn();
    const t = throttle(fn, 100, { trailing: true });
    t(1);
    t(2);
    t.cancel();
    vi.advanceTimersByTime(500);
    expect(fn.mock.calls).toEqual([[1]]);
    t(3);
    expect(fn.mock.calls).toEqual([[1], [3]]);
  });
});
