import { afterEach, describe, expect, it } from 'vitest';
import type { StoredEvent } from './job-store';
import { collect, meta, randomPrefix, storeVariants, textEvent, texts } from './job-store.test-helpers';

describe.each(storeVariants(process.env.TEST_REDIS_URL))('job store ($name)', (variant) => {
  afterEach(() => variant.cleanup());
  const fresh = (options = {}) => variant.make(randomPrefix(), { idlePollMs: 200, ...options });

  it('replays everything to a follower from the start, then follows live until done', async () => {
    const store = fresh();
    await store.create('j1', meta);
    await store.append('j1', textEvent('a'));
    await store.append('j1', textEvent('b'));
    const seen: StoredEvent[] = [];
    const following = (async () => {
      for await (const event of store.follow('j1')) seen.push(event);
      return seen;
    })();
    // The replay is in: what comes next reaches the follower live.
    await expect.poll(() => seen.length).toBe(2);
    await store.append('j1', textEvent('c'));
    await store.append('j1', { kind: 'error', data: { text: '{"type":"invalid_api_key"}' } });
    await store.finish('j1');
    const events = await following;
    expect(events.map((event) => event.kind)).toEqual(['text', 'text', 'text', 'error']);
    expect(texts(events)).toEqual(['a', 'b', 'c', '{"type":"invalid_api_key"}']);
    expect(new Set(events.map((event) => event.id)).size).toBe(4);
  });

  it('gives a follower with `after` only the later events; two followers see the same sequence', async () => {
    const store = fresh();
    await store.create('j1', meta);
    const ids = [];
    for (const text of ['a', 'b', 'c', 'd']) ids.push(await store.append('j1', textEvent(text)));
    const late = collect(store.follow('j1', { after: ids[1] }));
    const first = collect(store.follow('j1'));
    const second = collect(store.follow('j1'));
    await store.append('j1', textEvent('e'));
    await store.finish('j1');
    expect(texts(await late)).toEqual(['c', 'd', 'e']);
    const [a, b] = [await first, await second];
    expect(texts(a)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(b).toEqual(a);
    expect(a.map((event) => event.id).slice(0, 4)).toEqual(ids);
  });

  it('loses and duplicates nothing when followers start while 2,000 appends race', async () => {
    const store = fresh();
    await store.create('j1', meta);
    const total = 2_000;
    const writer = (async () => {
      for (let i = 0; i < total; i++) {
        const append = store.append('j1', textEvent(String(i)));
        // Let followers interleave with the writer at irregular points.
        if (i % 7 === 0) await append;
      }
    })();
    const followers = [];
    for (let k = 0; k < 5; k++) {
      await new Promise((resolve) => setTimeout(resolve, k * 3));
      followers.push(collect(store.follow('j1')));
    }
    await writer;
    await store.finish('j1');
    const expected = Array.from({ length: total }, (_, i) => String(i));
    for (const events of await Promise.all(followers)) expect(texts(events)).toEqual(expected);
  });

  it('stops a follower whose signal aborts, without touching the job; a late follower still reads it all', async () => {
    const store = fresh({ finishedTtlMs: 300 });
    await store.create('j1', meta);
    await store.append('j1', textEvent('a'));
    const controller = new AbortController();
    const seen: string[] = [];
    const following = (async () => {
      for await (const event of store.follow('j1', { signal: controller.signal })) seen.push(event.id);
    })();
    await expect.poll(() => seen.length).toBe(1);
    controller.abort();
    await following;
    expect(seen).toHaveLength(1);
    expect((await store.get('j1'))?.status).toBe('active');
    await store.append('j1', textEvent('b'));
    await store.append('j1', { kind: 'error', data: { text: 'failed' } });
    await store.finish('j1');
    expect(await store.get('j1')).toEqual({ ...meta, status: 'finished' });
    // The memory store keeps no deltas of a finished job (the final or error event stands for them).
    const late = await collect(store.follow('j1'));
    expect(texts(late)).toEqual(variant.name === 'memory' ? ['failed'] : ['a', 'b', 'failed']);
    // Gone once its 300 ms are up (Redis expires it on its own clock): asked until then, up to a deadline.
    await expect.poll(() => store.get('j1'), { timeout: 5_000 }).toBeNull();
    expect(await collect(store.follow('j1'))).toEqual([]);
  });

  it('adds one abort listener per follower, however often it parks, and removes it when done', async () => {
    const store = fresh();
    await store.create('j1', meta);
    const controller = new AbortController();
    const listeners = { added: 0, removed: 0 };
    const { signal } = controller;
    const add = signal.addEventListener.bind(signal);
    const remove = signal.removeEventListener.bind(signal);
    signal.addEventListener = (...args: Parameters<typeof add>) => (listeners.added++, add(...args));
    signal.removeEventListener = (...args: Parameters<typeof remove>) => (
      listeners.removed++,
      remove(...args)
    );
    const seen: string[] = [];
    const following = (async () => {
      for await (const event of store.follow('j1', { signal })) seen.push(event.id);
    })();
    // Each delta reaches a parked follower: a relayed token used to add and remove a listener of its own.
    for (let i = 1; i <= 5; i++) {
      await store.append('j1', textEvent(String(i)));
      await expect.poll(() => seen.length).toBe(i);
    }
    expect(listeners).toEqual({ added: 1, removed: 0 });
    controller.abort();
    await following;
    expect(listeners).toEqual({ added: 1, removed: 1 });
    expect(seen).toHaveLength(5);
  });

  it('keeps created, final and error events of a finished job with their ids, and resumes after an id', async () => {
    const store = fresh();
    await store.create('j1', meta);
    const created = await store.append('j1', { kind: 'created', data: { created: true } as never });
    const ids = [created];
    for (const text of ['a', 'b', 'c']) ids.push(await store.append('j1', textEvent(text)));
    const final = await store.append('j1', { kind: 'final', data: { final: true } as never });
    await store.finish('j1');
    const all = await collect(store.follow('j1'));
    const afterB = await collect(store.follow('j1', { after: ids[2] }));
    const afterFinal = await collect(store.follow('j1', { after: final }));
    expect(afterFinal).toEqual([]);
    if (variant.name === 'redis') {
      expect(all).toHaveLength(5);
      return;
    }
    expect(all.map((event) => [event.id, event.data])).toEqual([
      [created, '{"created":true}'],
      [final, '{"final":true}'],
    ]);
    expect(afterB.map((event) => event.id)).toEqual([final]);
  });

  it('finds the active job of a conversation until it finishes', async () => {
    const store = fresh();
    expect(await store.findActiveByConversation('u1', 'c1')).toBeNull();
    await store.create('j1', meta);
    expect(await store.findActiveByConversation('u1', 'c1')).toBe('j1');
    expect(await store.findActiveByConversation('u2', 'c1')).toBeNull();
    await store.finish('j1');
    await store.finish('j1');
    expect(await store.findActiveByConversation('u1', 'c1')).toBeNull();
  });

  it('calls abort handlers of an active job and answers whether there was one', async () => {
    const store = fresh();
    expect(await store.requestAbort('nope')).toBe(false);
    await store.create('j1', meta);
    let calls = 0;
    const unsubscribe = await store.onAbort('j1', () => calls++);
    expect(await store.requestAbort('j1')).toBe(true);
    await expect.poll(() => calls).toBe(1);
    unsubscribe();
    await store.finish('j1');
    expect(await store.requestAbort('j1')).toBe(false);
  });

  it('keeps at most about maxEvents per job, dropping the oldest', async () => {
    const store = fresh({ maxEvents: 100 });
    await store.create('j1', meta);
    for (let i = 0; i < 1_000; i++) await store.append('j1', textEvent(String(i)));
    await store.append('j1', { kind: 'error', data: { text: 'end' } });
    const kept: string[] = [];
    for await (const event of store.follow('j1')) {
      kept.push(texts([event])[0]!);
      if (event.kind === 'error') break;
    }
    await store.finish('j1');
    expect(kept.length).toBeGreaterThanOrEqual(101);
    expect(kept.length).toBeLessThan(300);
    expect(kept.slice(-2)).toEqual(['999', 'end']);
  });
});
