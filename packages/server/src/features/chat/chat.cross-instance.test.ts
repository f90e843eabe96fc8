import { randomBytes } from 'node:crypto';
import { startSim, type Sim } from '@parley/sim';
import { API, type ChatFinalEvent } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseReader } from '../../lib/sse.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import {
  get,
  parseEvents,
  post,
  generated,
  startChatApp,
  startSecondInstance,
  startSlow,
  type ChatApp,
} from './chat.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

describe.skipIf(!process.env.TEST_REDIS_URL).each(testDialects())(
  'two instances over Redis on %s',
  (dialect) => {
    let a: ChatApp;
    let b: ChatApp;
    beforeAll(async () => {
      const prefix = `parley-test:${randomBytes(6).toString('hex')}:`;
      a = await startChatApp(dialect, simulator, { redis: true, prefix });
      b = await startSecondInstance(a, simulator, { prefix, redisUrl: process.env.TEST_REDIS_URL! });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('a job started on A is resumed through B from the start', async () => {
      const { reader, conversationId } = await startSlow(a, { tokens: 30, rate: 40 });
      const resumed = await get(b, b.token, `${API.askStream}/${conversationId}`);
      expect(resumed.status).toBe(200);
      const replay = parseEvents(await sseReader(resumed.body!).rest());
      await reader.cancel();
      expect(replay.messages[0]).toMatchObject({ created: true });
      expect(replay.deltas.join('')).toBe(generated(30));
      expect(replay.final?.responseMessage.text).toBe(generated(30));
    });

    it('a job started on A is aborted through B; B answers the partial reply', async () => {
      const { reader, conversationId } = await startSlow(a, { tokens: 200, rate: 50 });
      const res = await post(b, b.token, `${API.ask}/openAI/abort`, {
        abortKey: conversationId,
        endpoint: 'openAI',
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as ChatFinalEvent;
      expect(body.responseMessage.unfinished).toBe(true);
      expect(generated(200).startsWith(body.responseMessage.text)).toBe(true);
      const rest = parseEvents(await reader.rest());
      expect(rest.final?.responseMessage.text).toBe(body.responseMessage.text);
    });
  },
);
