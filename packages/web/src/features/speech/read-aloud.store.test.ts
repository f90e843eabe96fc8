import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  beginReading,
  endReading,
  isCurrent,
  onStop,
  stopReading,
  useReadAloudStore,
} from './read-aloud.store';

const playing = () => useReadAloudStore.getState().playing;

describe('read-aloud store', () => {
  beforeEach(() => stopReading());

  it('reads one reply at a time: starting another stops the first', () => {
    const stopA = vi.fn();
    const a = beginReading('a');
    expect(onStop(a, stopA)).toBe(true);
    expect(playing()).toBe('a');
    const b = beginReading('b');
    expect(stopA).toHaveBeenCalledOnce();
    expect(playing()).toBe('b');
    expect(isCurrent(a)).toBe(false);
    expect(isCurrent(b)).toBe(true);
  });

  it('a late end of a replaced reading leaves the new one playing', () => {
    const a = beginReading('a');
    const b = beginReading('b');
    endReading(a);
    expect(playing()).toBe('b');
    endReading(b);
    expect(playing()).toBeNull();
  });

  it('stop calls the engine’s stop once and clears the state', () => {
    const stop = vi.fn();
    const a = beginReading('a');
    onStop(a, stop);
    stopReading();
    stopReading();
    expect(stop).toHaveBeenCalledOnce();
    expect(playing()).toBeNull();
    expect(isCurrent(a)).toBe(false);
  });

  it('a reading stopped while its audio was still loading is told to stop when it starts', async () => {
    vi.useFakeTimers();
    try {
      const a = beginReading('a');
      // The audio arrives 500 ms later, after the user pressed stop.
      const started = new Promise<boolean>((resolve) => setTimeout(() => resolve(onStop(a, vi.fn())), 500));
      stopReading();
      await vi.advanceTimersByTimeAsync(500);
      expect(await started).toBe(false);
      expect(playing()).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
