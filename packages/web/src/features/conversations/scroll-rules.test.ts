import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shouldLoadMore, throttle } from './scroll-rules';

describe('shouldLoadMore', () => {
  it('triggers at 97 % of the content', () => {
    expect(shouldLoadMore({ scrollTop: 0, clientHeight: 500, scrollHeight: 2000 })).toBe(false);
    expect(shouldLoadMore({ scrollTop: 1439, clientHeight: 500, scrollHeight: 2000 })).toBe(false);
    expect(shouldLoadMore({ scrollTop: 1440, clientHeight: 500, scrollHeight: 2000 })).toBe(true);
    expect(shouldLoadMore({ scrollTop: 1500, clientHeight: 500, scrollHeight: 2000 })).toBe(true);
  });

  it('triggers when the content does not fill the view', () => {
    expect(shouldLoadMore({ scrollTop: 0, clientHeight: 800, scrollHeight: 600 })).toBe(true);
  });
});

describe('throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once, then at most once per window with one trailing run', () => {
    const fn = vi.fn();
    const t = throttle(fn, 750);
    t.run();
    expect(fn).toHaveBeenCalledTimes(1);
    t.run();
    t.run();
    vi.advanceTimersByTime(749);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(5000);
    expect(fn).toHaveBeenCalledTimes(2);
    t.run();
    expect(fn).toHaveBeenCalledTimes(3);
  });

  it('cancel drops the pending trailing run', () => {
    const fn = vi.fn();
    const t = throttle(fn, 750);
    t.run();
    t.run();
    t.cancel();
    vi.advanceTimersByTime(2000);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
