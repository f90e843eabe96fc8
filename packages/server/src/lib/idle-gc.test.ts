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
    expect(shouldCollect({ cpuMs: 0, heapTotal: 500 * MB, heapUsed: 400 * MB }, 10_000)).toBe(false);
    expect(shouldCollect({ cpuMs: 0, heapTotal: 30 * MB, heapUsed: 15 * MB }, 10_000)).toBe(false);
  });

  it("collects a freshly started server's heap: 65 MB with 30 MB in use", () => {
    expect(shouldCollect({ cpuMs: 0, heapTotal: 65 * MB, heapUsed: 35 * MB }, 10_000)).toBe(true);
  });
});

describe('startIdleGc', () => {
  afterEach(() => vi.useRealTimers());

  it('collects once per idle spell, again only after the process was busy, and stops when told', () => {
    vi.useFakeTimers();
    const samples = [
      { cpuMs: 5_000, heapTotal: 400 * MB, heapUsed: 300 * MB }, // a burst: busy
      { cpuMs: 10, heapTotal: 400 * MB, heapUsed: 60 * MB }, // idle, garbage left: collect
      { cpuMs: 30, heapTotal: 90 * MB, heapUsed: 60 * MB }, // still idle, slack left: once is enough
      { cpuMs: 900, heapTotal: 200 * MB, heapUsed: 150 * MB }, // busy again
      { cpuMs: 0, heapTotal: 200 * MB, heapUsed: 70 * MB }, // a new idle spell: collect
    ];
    const gc = vi.fn();
    const stop = startIdleGc({ intervalMs: 1_000, gc, sample: () => samples.shift()! });
    const callsAfterEachInterval = [];
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(1_000);
      callsAfterEachInterval.push(gc.mock.calls.length);
    }
    expect(callsAfterEachInterval).toEqual([0, 1, 1, 1, 2]);
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
