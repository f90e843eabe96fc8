import { describe, expect, it } from 'vitest';
import { createMemoryReplyFeed } from './reply-feed';

describe('memory reply feed', () => {
  it("passes a user's messages to that user's listeners only, until they unsubscribe", async () => {
    const feed = createMemoryReplyFeed();
    const mine: string[] = [];
    const theirs: string[] = [];
    const stop = await feed.listen('u1', (m) => mine.push(m));
    await feed.listen('u2', (m) => theirs.push(m));
    await feed.publish('u1', 'a');
    stop();
    await feed.publish('u1', 'b');
    expect(mine).toEqual(['a']);
    expect(theirs).toEqual([]);
  });

  it('keeps the other listeners of a user when one leaves', async () => {
    const feed = createMemoryReplyFeed();
    const first: string[] = [];
    const second: string[] = [];
    const stop = await feed.listen('u1', (m) => first.push(m));
    await feed.listen('u1', (m) => second.push(m));
    stop();
    stop();
    await feed.publish('u1', 'a');
    expect(first).toEqual([]);
    expect(second).toEqual(['a']);
  });
});
