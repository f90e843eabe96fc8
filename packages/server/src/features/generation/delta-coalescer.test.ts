import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeltaCoalescer } from './delta-coalescer';

describe('delta coalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (intervalMs?: number) => {
    const emitted: { at: number; delta: string }[] = [];
    const coalescer = createDeltaCoalescer({
      emit: (delta) => emitted.push({ at: Date.now(), delta }),
      intervalMs,
    });
    return { emitted, coalescer, start: Date.now() };
  };

  it('emits the first chunk at once, then merges the rest into at most one emit per 50 ms window', () => {
    const { emitted, coalescer, start } = setup();
    coalescer.push('Hel');
    expect(emitted).toEqual([{ at: start, delta: 'Hel' }]);
    coalescer.push('lo');
    vi.advanceTimersByTime(17);
    coalescer.push(', ');
    vi.advanceTimersByTime(17);
    coalescer.push('wor');
    vi.advanceTimersByTime(15);
    expect(emitted).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(emitted.at(-1)).toEqual({ at: start + 50, delta: 'lo, wor' });
    coalescer.push('ld');
    vi.advanceTimersByTime(49);
    expect(emitted).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(emitted.map((e) => e.delta)).toEqual(['Hel', 'lo, wor', 'ld']);
    expect(emitted.at(-1)?.at).toBe(start + 100);
  });

  it('emits at once again after a quiet window (no added delay after a pause)', () => {
    const { emitted, coalescer, start } = setup();
    coalescer.push('a');
    vi.advanceTimersByTime(100);
    coalescer.push('b');
    expect(emitted).toEqual([
      { at: start, delta: 'a' },
      { at: start + 100, delta: 'b' },
    ]);
  });

  it('flush emits what is pending; nothing is lost, reordered or sent twice', () => {
    const { emitted, coalescer } = setup(50);
    const chunks = Array.from({ length: 500 }, (_, i) => `<${i}>`);
    for (const [i, chunk] of chunks.entries()) {
      coalescer.push(chunk);
      if (i % 3 === 0) vi.advanceTimersByTime(7);
    }
    coalescer.flush();
    vi.advanceTimersByTime(1_000);
    expect(emitted.map((e) => e.delta).join('')).toBe(chunks.join(''));
    // ~7 ms every third chunk over 500 chunks is ~1.2 s: at most one emit per 50 ms window, plus the first.
    expect(emitted.length).toBeLessThanOrEqual(Math.ceil(1_200 / 50) + 2);
    for (let i = 2; i < emitted.length - 1; i++)
      expect(emitted[i]!.at - emitted[i - 1]!.at).toBeGreaterThanOrEqual(50);
  });

  it('flush with nothing pending emits nothing; dispose drops pending text and the timer', () => {
    const { emitted, coalescer } = setup();
    coalescer.flush();
    expect(emitted).toEqual([]);
    coalescer.push('a');
    coalescer.push('b');
    coalescer.dispose();
    vi.advanceTimersByTime(100);
    expect(emitted.map((e) => e.delta)).toEqual(['a']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
