import { afterEach, describe, expect, it, vi } from 'vitest';
import { shouldCollect, startIdleGc } from './idle-gc';

const MB = 1024 * 1024;

describe('shouldCollect', () => {
  it('collects an idle process whose heap is mostly garbage', () => {
    expect(shouldCollect({ cpuMs: 50, heapTotal: 300 * MB, heapUsed: 60 * MB }, 10_000)).toBe(true);
  });

  it('leaves a busy process to V8 (2 % of a core or more over the interval)', () => {
    expect(shouldCollect({ cpuMs: 200, heapTotal: 300 * MB, heapUsed: 60 * MB }, 10_000)).toBe(false);
    expect(shouldCollect({ cpuMs: 199, heapTotal: 300 * MB, heapUsed: 60 * MB }, 10_000)).toBe(true);
  });

  it('does nothing when the heap is mostly live or the slack is small', () => {
    expect(shouldCollect({ cpuMs: 0, heapTotal: 100 * MB, heapUsed: 60 * MB }, 10_000)).toBe(false);
    expect(shouldCollect({ cpuMs: 0, heapTotal: 40 * MB, heapUsed: 10 * MB }, 10_000)).toBe(false);
  });
});

describe('startIdleGc', () => {
  afterEach(() => vi.useRealTimers());

  it('collects once per interval while idle with garbage, and stops when told', () => {
    vi.useFakeTimers();
    const samples = [
      { cpuMs: 5_000, heapTotal: 400 * MB, heapUsed: 300 * MB }, // a burst: busy
      { cpuMs: 10, heapTotal: 400 * MB, heapUsed: 60 * MB }, // idle, garbage left: collect
      { cpuMs: 30, heapTotal: 90 * MB, heapUsed: 60 * MB }, // collected: nothing to do
    ];
    const gc = vi.fn();
    const stop = startIdleGc({ intervalMs: 1_000, gc, sample: () => samples.shift()! });
    vi.advanceTimersByTime(1_000);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(gc).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(gc).toHaveBeenCalledTimes(1);
    stop();
    vi.advanceTimersByTime(5_000);
    expect(samples).toHaveLength(0);
  });

  it('finds a real collector in this runtime', () => {
    // The default gc comes from V8; if it could not be had, startIdleGc would silently do nothing.
    vi.useFakeTimers();
    const sample = vi.fn(() => ({ cpuMs: 0, heapTotal: 400 * MB, heapUsed: 10 * MB }));
    const stop = startIdleGc({ intervalMs: 1_000, sample });
    vi.advanceTimersByTime(1_000);
    stop();
    expect(sample).toHaveBeenCalledTimes(1);
  });
});
