import { afterEach, describe, expect, it } from 'vitest';
import { startJob } from './run-job';
import { collect, meta, randomPrefix, storeVariants, textEvent, texts } from './job-store.test-helpers';

const redisVariant = storeVariants(process.env.TEST_REDIS_URL).find((variant) => variant.name === 'redis');

// Two stores on two connections under one prefix stand for two instances behind a load balancer.
describe.runIf(redisVariant)('job store across instances (redis)', () => {
  const variant = redisVariant!;
  afterEach(() => variant.cleanup());

  it('follows from B a job appended on A (replay, then live), and aborts it from B', async () => {
    const prefix = randomPrefix();
    const [a, b] = [variant.make(prefix, { idlePollMs: 200 }), variant.make(prefix, { idlePollMs: 200 })];
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let listening: () => void = () => {};
    const listens = new Promise<void>((resolve) => (listening = resolve));
    let aborted = false;
    const started = await startJob(a, {
      jobId: 'j1',
      meta,
      run: async (emit, signal) => {
        emit(textEvent('before'));
        await released;
        emit(textEvent('live'));
        const abortHeard = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        listening();
        await abortHeard;
        aborted = signal.aborted;
        emit(textEvent('partial saved'));
      },
    });
    await expect
      .poll(async () => (await collect(b.follow('j1', { signal: AbortSignal.timeout(50) }))).length)
      .toBe(1);
    expect(await b.findActiveByConversation('u1', 'c1')).toBe('j1');
    expect(await b.get('j1')).toEqual({ ...meta, status: 'active' });

    const following = collect(b.follow('j1'));
    release();
    // The job listens for the abort from here on.
    await listens;
    expect(await b.requestAbort('j1')).toBe(true);
    await started.done;
    expect(aborted).toBe(true);
    expect(texts(await following)).toEqual(['before', 'live', 'partial saved']);
    expect(await b.get('j1')).toEqual({ ...meta, status: 'finished' });
    expect(await b.findActiveByConversation('u1', 'c1')).toBeNull();
  });

  it('lets a job whose owner died expire, and ends its followers', async () => {
    const prefix = randomPrefix();
    const options = { leaseMs: 300, heartbeatMs: 100, idlePollMs: 100 };
    const [a, b] = [variant.make(prefix, options), variant.make(prefix, options)];
    await a.create('j1', meta);
    await a.append('j1', textEvent('a'));
    // Heartbeats keep it alive well past its lease...
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await b.get('j1'))?.status).toBe('active');
    const following = collect(b.follow('j1'));
    // ...until the owner stops renewing (its process died).
    await a.close();
    expect(texts(await following)).toEqual(['a']);
    expect(await b.get('j1')).toBeNull();
    expect(await b.findActiveByConversation('u1', 'c1')).toBeNull();
  });

  it('delivers an abort asked before the owner listened, through the flag', async () => {
    const prefix = randomPrefix();
    const [a, b] = [variant.make(prefix), variant.make(prefix)];
    await a.create('j1', meta);
    expect(await b.requestAbort('j1')).toBe(true);
    let calls = 0;
    await a.onAbort('j1', () => calls++);
    expect(calls).toBe(1);
  });
});
