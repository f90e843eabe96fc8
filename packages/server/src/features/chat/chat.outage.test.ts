import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSim } from '@parley/sim';
import { API, NIL_UUID } from '@parley/shared';
import { get, post, startChatApp, type ChatApp } from './chat.test-helpers';

describe.skipIf(!process.env.TEST_REDIS_URL)('sending while Redis is down', () => {
  let simulator: Awaited<ReturnType<typeof startSim>>;
  let t: ChatApp;
  beforeAll(async () => {
    simulator = await startSim();
  });
  afterAll(async () => simulator.close());
  afterEach(async () => t?.close());

  it('answers 503 with Retry-After and saves nothing, even with the Redis-backed limits off', async () => {
    t = await startChatApp('sqlite', simulator, { redis: true });
    t.redis!.disconnect();
    const res = await post(t, t.token, `${API.ask}/openAI`, {
      text: 'hello',
      conversationId: null,
      parentMessageId: NIL_UUID,
      model: 'gpt-3.5-turbo',
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({ code: 'UNAVAILABLE', details: { service: 'redis' } });
    const convos = (await (await get(t, t.token, API.convos)).json()) as { conversations: unknown[] };
    expect(convos.conversations).toEqual([]);
  });
});
