import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { FEED_RETRY_MS, readSyncFrame, startSyncFeed } from './sync-feed';
import { followedPlaceholder } from './stream/followed-reply';

const started = {
  sync: true,
  state: 'started',
  conversationId: 'c1',
  requestMessageId: 'q1',
  responseMessageId: 'r1',
  sender: 'GPT-4',
  endpoint: 'openAI',
} as const;

describe('reply feed frames', () => {
  it('reads a sync frame', () => {
    expect(readSyncFrame(JSON.stringify(started))).toEqual(started);
  });

  it('skips what is not one: malformed JSON, another shape, an unknown state', () => {
    expect(readSyncFrame('{')).toBeNull();
    expect(readSyncFrame(JSON.stringify({ text: 'hi' }))).toBeNull();
    expect(readSyncFrame(JSON.stringify({ ...started, state: 'paused' }))).toBeNull();
  });

  it("makes the followed reply's placeholder: the server's id under the question, empty and unfinished", () => {
    expect(followedPlaceholder(started)).toMatchObject({
      messageId: 'r1',
      parentMessageId: 'q1',
      conversationId: 'c1',
      sender: 'GPT-4',
      endpoint: 'openAI',
      text: '',
      isCreatedByUser: false,
      unfinished: true,
      error: false,
    });
  });
});

describe('holding the feed open', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens it again 2 s after the server ends it (its token ran out), and not after the page stops it', async () => {
    vi.useFakeTimers();
    // Each answer carries one frame and ends, as a feed does when its token expires.
    const calls = vi
      .spyOn(api, 'callRaw')
      .mockImplementation(async () => new Response(`id:1\ndata:${JSON.stringify(started)}\n\n`));
    const seen: unknown[] = [];
    const stop = startSyncFeed((event) => seen.push(event));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([started]);
    await vi.advanceTimersByTimeAsync(FEED_RETRY_MS - 1);
    expect(calls).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveBeenCalledTimes(2);
    expect(seen).toEqual([started, started]);
    stop();
    await vi.advanceTimersByTimeAsync(FEED_RETRY_MS * 10);
    expect(calls).toHaveBeenCalledTimes(2);
  });
});
