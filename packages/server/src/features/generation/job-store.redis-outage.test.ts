import { afterEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createRedisJobStore } from './job-store.redis';
import type { JobStore } from './job-store';
import { collect, meta, randomPrefix, textEvent, texts } from './job-store.test-helpers';

const url = process.env.TEST_REDIS_URL;

/**
 * The owner's connection goes down (`disconnect`, so its commands fail as in an outage) while a job runs:
 * followers on the owner's instance keep reading from its memory, and once the connection is back what
 * Redis missed is written with the same ids, so followers elsewhere get the whole job.
 */
describe.runIf(url)('redis job store while Redis is unreachable', () => {
  const clients: Redis[] = [];
  const stores: JobStore[] = [];
  let prefix = '';
  const client = () => {
    const redis = new Redis(url!, { maxRetriesPerRequest: 1 });
    clients.push(redis);
    return redis;
  };
  const store = (redis: Redis) => {
    const made = createRedisJobStore(redis, { prefix, idlePollMs: 100 });
    stores.push(made);
    return made;
  };
  afterEach(async () => {
    for (const made of stores.splice(0)) await made.close();
    const admin = clients[0];
    if (admin) {
      const keys = await admin.keys(`${prefix}*`);
      if (keys.length > 0) await admin.del(...keys);
    }
    for (const redis of clients.splice(0)) redis.disconnect();
  });

  it('keeps local followers going, then writes back what Redis missed, keys included', async () => {
    prefix = randomPrefix();
    const admin = client();
    const ownerRedis = client();
    const owner = store(ownerRedis);
    await owner.create('j1', meta);
    await owner.append('j1', textEvent('one'));
    const localFollow = collect(owner.follow('j1'));

    ownerRedis.disconnect();
    // Like a Redis restart without persistence: the job's keys are gone.
    const keys = await admin.keys(`${prefix}*`);
    await admin.del(...keys);
    await owner.append('j1', textEvent('two'));
    await owner.append('j1', textEvent('three'));
    expect(await owner.findActiveByConversation('u1', 'c1')).toBe('j1');
    expect(await owner.requestAbort('j1')).toBe(true);

    await ownerRedis.connect();
    await owner.append('j1', textEvent('four'));
    const elsewhere = store(client());
    expect(await elsewhere.findActiveByConversation('u1', 'c1')).toBe('j1');
    expect(await elsewhere.get('j1')).toMatchObject({ ...meta, status: 'active' });
    const remoteFollow = collect(elsewhere.follow('j1'));
    await owner.finish('j1');

    const [here, there] = await Promise.all([localFollow, remoteFollow]);
    expect(texts(here)).toEqual(['one', 'two', 'three', 'four']);
    expect(there).toEqual(here);
  });

  it('finishes in Redis once it answers again when the job ended during the outage', async () => {
    prefix = randomPrefix();
    const ownerRedis = client();
    const owner = store(ownerRedis);
    await owner.create('j2', meta);
    await owner.append('j2', textEvent('start'));
    const elsewhere = store(client());
    const remoteFollow = collect(elsewhere.follow('j2'));

    ownerRedis.disconnect();
    await owner.append('j2', textEvent('during'));
    await owner.finish('j2');
    await ownerRedis.connect();

    expect(texts(await remoteFollow)).toEqual(['start', 'during']);
    expect(await elsewhere.get('j2')).toMatchObject({ status: 'finished' });
  });

  it('rebuilds a job that ended while a restarted Redis lost it, so it can still be replayed', async () => {
    prefix = randomPrefix();
    const admin = client();
    const ownerRedis = client();
    const owner = store(ownerRedis);
    await owner.create('j3', meta);
    await owner.append('j3', textEvent('before'));

    ownerRedis.disconnect();
    await admin.del(...(await admin.keys(`${prefix}*`)));
    await owner.append('j3', textEvent('during'));
    await owner.finish('j3');
    await ownerRedis.connect();

    const elsewhere = store(client());
    await expect.poll(async () => (await elsewhere.get('j3'))?.status).toBe('finished');
    expect(texts(await collect(elsewhere.follow('j3')))).toEqual(['before', 'during']);
    expect(await elsewhere.findActiveByConversation('u1', 'c1')).toBeNull();
  });
});
