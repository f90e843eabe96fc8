import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bulletList, createErrorGatherer, ERROR_GATHER_MS } from './error-gatherer';

describe('bulletList', () => {
  it('keeps one text as it is and bullets several, without duplicates', () => {
    expect(bulletList(['Duplicate file detected.'])).toBe('Duplicate file detected.');
    expect(bulletList(['A', 'B', 'A'])).toBe('• A\n• B');
    expect(bulletList(['A', 'A'])).toBe('A');
  });
});

describe('createErrorGatherer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one message 250 ms after the last error of a burst', () => {
    const show = vi.fn();
    const gatherer = createErrorGatherer(show);
    gatherer.add('Currently, unsupported file type: text/plain');
    vi.advanceTimersByTime(ERROR_GATHER_MS - 10);
    gatherer.add('Duplicate file detected.');
    vi.advanceTimersByTime(ERROR_GATHER_MS - 1);
    expect(show).not.toHaveBeenCalled();
    gatherer.add('Duplicate file detected.');
    vi.advanceTimersByTime(ERROR_GATHER_MS);
    expect(show).toHaveBeenCalledTimes(1);
    expect(show).toHaveBeenCalledWith(
      '• Currently, unsupported file type: text/plain\n• Duplicate file detected.',
    );
  });

  it('starts afresh after showing', () => {
    const show = vi.fn();
    const gatherer = createErrorGatherer(show);
    gatherer.add('A');
    vi.advanceTimersByTime(ERROR_GATHER_MS);
    gatherer.add('B');
    vi.advanceTimersByTime(ERROR_GATHER_MS);
    expect(show.mock.calls).toEqual([['A'], ['B']]);
  });
});
