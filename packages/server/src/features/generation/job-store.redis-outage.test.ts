import { afterEach, describe, expect, it } from 'vitest';
import { once } from 'node:events';
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
  // Closed for good only once 'end' fires: a connect() before that finds it still connected and throws.
  const down = async (redis: Redis) => {
    const ended = once(redis, 'end');
    redis.disconnect();
    await ended;
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

    await down(ownerRedis);
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

    await down(ownerRedis);
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

    await down(ownerRedis);
    await admin.del(...(await admin.keys(`${prefix}*`)));
    await owner.append('j3', textEvent('during'));
    await owner.finish('j3');
    await ownerRedis.connect();

    const elsewhere = store(client());
    await expect.poll(async () => (await elsewhere.get('j3'))?.status).toBe('finished');
    expect(texts(await collect(elsewhere.follow('j3')))).toEqual(['before', 'during']);
    expect(await elsewhere.findActiveByConversation('u1', 'c1')).toBeNull();
  });

  it('a follower elsewhere waits while a restarted Redis has lost the job, until its owner writes it back', async () => {
    prefix = randomPrefix();
    const admin = client();
    const ownerRedis = client();
    const followerRedis = client();
    const owner = store(ownerRedis);
    await owner.create('j4', meta);
    await owner.append('j4', textEvent('before'));
    const following = store(followerRedis).follow('j4')[Symbol.asyncIterator]();
    const first = await following.next();
    const rest = collect({ [Symbol.asyncIterator]: () => following });

    // Redis restarts without persistence; the follower's connection comes back first.
    await down(ownerRedis);
    await down(followerRedis);
    await admin.del(...(await admin.keys(`${prefix}*`)));
    await owner.append('j4', textEvent('during'));
    await followerRedis.connect();
    // Five idle polls that find no job: not taken for its end.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await ownerRedis.connect();
    await owner.append('j4', textEvent('after'));
    await owner.finish('j4');

    expect(texts([first.value!, ...(await rest)])).toEqual(['before', 'during', 'after']);
  });

  it('writes back a job that wrote nothing while Redis restarted, as soon as the connection is back', async () => {
    prefix = randomPrefix();
    const admin = client();
    const ownerRedis = client();
    const owner = store(ownerRedis);
    await owner.create('j5', meta);
    await owner.append('j5', textEvent('before'));

    await down(ownerRedis);
    await admin.del(...(await admin.keys(`${prefix}*`)));
    await ownerRedis.connect();

    // No event since: the reconnect alone restores the job, so other instances can find, follow and abort it.
    const elsewhere = store(client());
    await expect.poll(async () => (await elsewhere.get('j5'))?.status).toBe('active');
    expect(await elsewhere.findActiveByConversation('u1', 'c1')).toBe('j5');
    const remoteFollow = collect(elsewhere.follow('j5'));
    await owner.append('j5', textEvent('after'));
    await owner.finish('j5');
    expect(texts(await remoteFollow)).toEqual(['before', 'after']);
  });

  it('writes back a job that has no event yet as soon as the connection is back', async () => {
    prefix = randomPrefix();
    const admin = client();
    const ownerRedis = client();
    const owner = store(ownerRedis);
    await owner.create('j6', meta);

    await down(ownerRedis);
    await admin.del(...(await admin.keys(`${prefix}*`)));
    await ownerRedis.connect();

    // Still waiting for its first token: found and abortable elsewhere, so no second reply starts beside it.
    const elsewhere = store(client());
    await expect.poll(async () => (await elsewhere.get('j6'))?.status).toBe('active');
    expect(await elsewhere.findActiveByConversation('u1', 'c1')).toBe('j6');
    expect(await elsewhere.requestAbort('j6')).toBe(true);
    await owner.finish('j6');
  });
});
