import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { startSim } from '@parley/sim';
import { API } from '@parley/shared';
import { sseReader } from '../../src/lib/sse.test-helpers';
import { parseEvents } from '../../src/features/chat/chat.test-helpers';
import { startServer, type ServerProcess } from '../server-process';
import {
  eventually,
  registerUser,
  savedMessages,
  sendAndFinish,
  sendMessage,
  slowPrompt,
  startReply,
  tokenCount,
  type Client,
} from './parley-client.test-helpers';
import {
  missingServices,
  startPgCluster,
  startRedisServer,
  type PgCluster,
  type RedisServer,
} from './services.test-helpers';

const missing = missingServices();
if (missing) console.warn(`fault tests skipped: ${missing}`);

const health = async (server: ServerProcess) => {
  const res = await fetch(`${server.baseUrl}${API.health}`);
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Record<string, unknown>,
  };
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Parley on its own PostgreSQL cluster and redis-server, each stopped in the middle of a reply and started
 * again: the process survives, requests during the outage get 503 with Retry-After, the reply in flight
 * ends complete and saved, what was saved before is still there, and everything works afterwards.
 */
describe.skipIf(missing !== null)('PostgreSQL and Redis stopped mid-reply', () => {
  let sim: Awaited<ReturnType<typeof startSim>>;
  let cluster: PgCluster;
  let redis: RedisServer;
  let server: ServerProcess;
  let client: Client;
  let env: Record<string, string>;
  let second: ServerProcess | undefined;

  beforeAll(async () => {
    [sim, cluster, redis] = await Promise.all([startSim(), startPgCluster(), startRedisServer()]);
    env = {
      DATABASE_URL: cluster.url,
      REDIS_URL: redis.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
      CREDS_KEY: randomBytes(32).toString('hex'),
      CREDS_IV: randomBytes(16).toString('hex'),
      OPENAI_API_KEY: 'sk-faults',
      OPENAI_REVERSE_PROXY: `${sim.url}/v1`,
      TITLE_CONVO: 'false',
      LOG_LEVEL: 'fatal',
    };
    server = await startServer(env);
    client = await registerUser(server.baseUrl);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([server?.stop(), second?.stop()]);
    await Promise.all([sim?.close(), cluster?.destroy(), redis?.stop()]);
  });

  it('rides out a PostgreSQL restart: 503 meanwhile, the reply ends whole and saved', async () => {
    const before = await sendAndFinish(client, 'Saved before the outage');
    // 100 tokens at 20/s: about five seconds; the database is down for longer, so the reply ends during it.
    const reply = await startReply(client, slowPrompt(100, 20));
    await reply.waitForDeltas(5);

    await cluster.stop();
    const during = await fetch(`${server.baseUrl}${API.convos}`, { headers: client.auth });
    expect(during.status).toBe(503);
    expect(Number(during.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await during.json()).toMatchObject({ code: 'UNAVAILABLE' });
    expect(await health(server)).toMatchObject({
      status: 503,
      body: { status: 'unavailable', database: 'down', redis: 'up' },
    });
    // The whole reply streamed while the database is down, so its final save has to wait for the database.
    await reply.waitForTokens(100);
    expect(alive(server.pid)).toBe(true);
    await cluster.start();

    const events = await reply.end();
    expect(events.error).toBeUndefined();
    expect(events.final?.responseMessage.text).toBe(events.deltas.join(''));
    expect(tokenCount(events.final!.responseMessage.text)).toBe(100);
    expect(events.final?.responseMessage.unfinished).toBeFalsy();

    await eventually(async () => (await health(server)).status === 200, 'health back to 200');
    const saved = await savedMessages(client, reply.conversationId);
    expect(saved.find((m) => !m.isCreatedByUser)?.text).toBe(events.final!.responseMessage.text);
    const earlier = await savedMessages(client, before.conversation.conversationId);
    expect(earlier.map((m) => m.text)).toEqual([before.requestMessage.text, before.responseMessage.text]);
    const after = await sendAndFinish(client, 'After the restart');
    expect(after.responseMessage.text.length).toBeGreaterThan(0);
  }, 60_000);

  it('rides out a Redis restart: the live reply keeps streaming, sends get 503, all recovers', async () => {
    // 200 tokens at 20/s: about ten seconds.
    const reply = await startReply(client, slowPrompt(200, 20));
    await reply.waitForDeltas(5);

    await redis.stop();
    await eventually(async () => (await health(server)).body.redis === 'down', 'health says Redis is down');
    expect(await health(server)).toMatchObject({
      status: 200,
      body: { status: 'degraded', database: 'postgres', redis: 'down' },
    });
    const refused = await sendMessage(client, 'While Redis is down');
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining('Redis'),
    });
    // A page reloaded meanwhile re-attaches to the reply this instance is generating, from its memory.
    const resumed = await fetch(`${server.baseUrl}${API.askStream}/${reply.conversationId}`, {
      headers: client.auth,
    });
    expect(resumed.status).toBe(200);
    const resumedEvents = sseReader(resumed.body!).rest();
    // The reply streams on while Redis is down (about 2 s of it).
    await reply.waitForTokens(50);
    expect(alive(server.pid)).toBe(true);
    await redis.start();

    const events = await reply.end();
    expect(events.error).toBeUndefined();
    expect(tokenCount(events.final!.responseMessage.text)).toBe(200);
    expect(events.final!.responseMessage.text).toBe(events.deltas.join(''));
    const replayed = parseEvents(await resumedEvents);
    expect(replayed.final?.responseMessage.text).toBe(events.final!.responseMessage.text);
    expect(replayed.deltas.join('')).toBe(events.final!.responseMessage.text);

    await eventually(async () => (await health(server)).body.redis === 'up', 'health says Redis is up');
    const saved = await savedMessages(client, reply.conversationId);
    expect(saved.find((m) => !m.isCreatedByUser)?.text).toBe(events.final!.responseMessage.text);
    const after = await sendAndFinish(client, 'After Redis came back');
    expect(after.responseMessage.text.length).toBeGreaterThan(0);
  }, 60_000);

  it('a follower on another instance waits through a Redis restart and gets the whole reply', async () => {
    second = await startServer(env);
    const reply = await startReply(client, slowPrompt(160, 20));
    await reply.waitForDeltas(3);
    const follow = await fetch(`${second.baseUrl}${API.askStream}/${reply.conversationId}`, {
      headers: client.auth,
    });
    expect(follow.status).toBe(200);
    const onSecond = sseReader(follow.body!);
    const first = await onSecond.next();
    const followed = onSecond.rest();

    await redis.stop();
    // Down while the reply goes on (about 2 s of it).
    await reply.waitForTokens(45);
    await redis.start();

    const events = await reply.end();
    expect(tokenCount(events.final!.responseMessage.text)).toBe(160);
    const seen = parseEvents([first!, ...(await followed)]);
    expect(seen.error).toBeUndefined();
    expect(seen.final?.responseMessage.text).toBe(events.final!.responseMessage.text);
    expect(seen.deltas.join('')).toBe(events.final!.responseMessage.text);
  }, 60_000);
});
