import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, useToastStore } from './toast.store';

describe('showToast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('opens about 100 ms after the request, info and 3000 ms by default', () => {
    showToast({ message: 'Saved' });
    vi.advanceTimersByTime(99);
    expect(useToastStore.getState().toasts).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toEqual([
      expect.objectContaining({ message: 'Saved', severity: 'info', duration: 3000, open: true }),
    ]);
  });

  it('keeps the severity and a custom duration', () => {
    showToast({ message: 'Oops', severity: 'error', duration: 5000 });
    vi.advanceTimersByTime(100);
    expect(useToastStore.getState().toasts[0]).toMatchObject({ severity: 'error', duration: 5000 });
  });
});
