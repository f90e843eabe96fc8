import { randomBytes } from 'node:crypto';
import { startSim, type Sim } from '@parley/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseReader } from '../../lib/sse.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import {
  eventually,
  generated,
  parseEvents,
  startChatApp,
  startSecondInstance,
  type ChatApp,
} from './chat.test-helpers';
import { followReply, openFeed, sendElsewhere } from './chat.sync.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

describe.skipIf(!process.env.TEST_REDIS_URL).each(testDialects())(
  'following a reply from a window on another instance, over Redis, on %s',
  (dialect) => {
    let a: ChatApp;
    let b: ChatApp;
    let prefix: string;
    beforeAll(async () => {
      prefix = `parley-test:${randomBytes(6).toString('hex')}:`;
      a = await startChatApp(dialect, simulator, { redis: true, prefix });
      b = await startSecondInstance(a, simulator, { prefix, redisUrl: process.env.TEST_REDIS_URL! });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('a page on B hears of a reply sent on A and follows it through B to the final text', async () => {
      const feed = await openFeed(b, b.token);
      const sender = await sendElsewhere(a, { tokens: 30, rate: 40 });
      const started = (await feed.next())!;
      expect(started).toMatchObject({ sync: true, state: 'started' });
      const followed = await followReply(b, b.token, started.conversationId);
      expect(followed.status).toBe(200);
      const events = parseEvents(await sseReader(followed.body!).rest());
      expect(events.messages[0]).toMatchObject({
        created: true,
        message: { messageId: started.requestMessageId },
      });
      expect(events.deltas.join('')).toBe(generated(30));
      expect(events.final?.responseMessage).toMatchObject({
        messageId: started.responseMessageId,
        text: generated(30),
      });
      expect(await feed.next()).toMatchObject({ state: 'ended', conversationId: started.conversationId });
      await feed.close();
      await sender.stream.cancel();
    });

    it("another user's page on B hears nothing of it", async () => {
      const other = await newUser(a.app);
      const theirs = await openFeed(b, other.token);
      const mine = await openFeed(b, b.token);
      const sender = await sendElsewhere(a, { tokens: 3 });
      expect(await mine.next()).toMatchObject({ state: 'started' });
      expect(await mine.next()).toMatchObject({ state: 'ended' });
      await sender.stream.rest();
      const own = await sendElsewhere(a, { tokens: 3 }, other.token);
      const created = JSON.parse((await own.stream.next())!.data!) as { message: { conversationId: string } };
      expect(await theirs.next()).toMatchObject({
        state: 'started',
        conversationId: created.message.conversationId,
      });
      await own.stream.rest();
      await theirs.close();
      await mine.close();
    });

    it("a dropped feed unsubscribes B from the user's channel once its last page left", async () => {
      // The job store's prefix (the app's, then `job:`), then the feed's.
      const channel = `${prefix}job:feed:${b.userId}`;
      const count = async () => ((await a.redis!.pubsub('NUMSUB', channel)) as [string, number])[1];
      const first = await openFeed(b, b.token);
      const second = await openFeed(b, b.token);
      expect(await count()).toBe(1);
      await first.close();
      // Still one page listening there.
      const sender = await sendElsewhere(a, { tokens: 2 });
      expect(await second.next()).toMatchObject({ state: 'started' });
      await sender.stream.rest();
      await second.close();
      expect(await eventually(count, (n) => n === 0)).toBe(0);
    });
  },
);
