import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FilesToDelete } from '../../lib/storage';
import { createDeleteQueue, DELETE_BATCH_MS } from './delete-queue';

function harness(send = vi.fn((_files: unknown[]) => Promise.resolve())) {
  let stored: FilesToDelete | null = null;
  const queue = createDeleteQueue({ send, load: () => stored, save: (p) => (stored = p) });
  return { queue, send, stored: () => stored };
}

const file = (id: string) => ({
  file_id: id,
  filepath: `/api/files/download/${id}`,
  source: 'local' as const,
});

describe('createDeleteQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('persists each removal at once and sends them together after a 1 s pause', async () => {
    const { queue, send, stored } = harness();
    queue.queue(file('a'));
    expect(stored()).toEqual({ a: file('a') });
    await vi.advanceTimersByTimeAsync(DELETE_BATCH_MS - 100);
    queue.queue(file('b'));
    await vi.advanceTimersByTimeAsync(DELETE_BATCH_MS - 1);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith([file('a'), file('b')]);
    expect(stored()).toEqual({});
  });

  it('keeps failed deletes persisted, and flush sends them later', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const { queue, stored } = harness(send);
    queue.queue(file('a'));
    await vi.advanceTimersByTimeAsync(DELETE_BATCH_MS);
    expect(stored()).toEqual({ a: file('a') });
    await queue.flush();
    expect(send).toHaveBeenLastCalledWith([file('a')]);
    expect(stored()).toEqual({});
  });

  it('sends what an earlier page left in storage on flush, and nothing when there is nothing', async () => {
    const send = vi.fn(() => Promise.resolve());
    let stored: FilesToDelete | null = { x: file('x') };
    const queue = createDeleteQueue({ send, load: () => stored, save: (p) => (stored = p) });
    await queue.flush();
    expect(send).toHaveBeenCalledWith([file('x')]);
    expect(stored).toEqual({});
    await queue.flush();
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('splits more than 100 files into several requests', async () => {
    const { queue, send } = harness();
    for (let i = 0; i < 150; i++) queue.queue(file(`f${i}`));
    await vi.advanceTimersByTimeAsync(DELETE_BATCH_MS);
    expect(send.mock.calls.map(([files]) => files.length)).toEqual([100, 50]);
  });

  it('does not resend files whose request is still on its way', async () => {
    let release: () => void = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const { queue } = harness(send);
    queue.queue(file('a'));
    await vi.advanceTimersByTimeAsync(DELETE_BATCH_MS);
    queue.queue(file('b'));
    await vi.advanceTimersByTimeAsync(DELETE_BATCH_MS);
    expect(send.mock.calls).toEqual([[[file('a')]], [[file('b')]]]);
    release();
  });
});
