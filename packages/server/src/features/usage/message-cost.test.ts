import { startSim, type Sim } from '@parley/sim';
import { pathOf, type MessageCost } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { startChatApp, type ChatApp } from '../chat/chat.test-helpers';
import { askModel } from '../balance/balance.test-helpers';
import { card1m, paidOrder } from '../commerce/commerce.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const costOf = async (app: ChatApp, token: string, conversationId: string, messageId: string) => {
  const url = pathOf('getMessageCost')
    .replace(':conversationId', conversationId)
    .replace(':messageId', messageId);
  const res = await fetch(`${app.base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as MessageCost & { code?: string } };
};

/** Asks `model` and answers the reply's conversation and message ids. */
async function reply(app: ChatApp, token: string, model: string, script: Record<string, unknown> = {}) {
  const { events } = await askModel(app, token, model, script);
  const message = events.final!.responseMessage;
  return { conversationId: message.conversationId, messageId: message.messageId };
}

const cost = (model: string, more: Partial<MessageCost>): MessageCost => ({
  model,
  calls: 1,
  credits: 0,
  gpt3Uses: 0,
  gpt4Uses: 0,
  card: 0,
  ...more,
});

// docs/reference/balance.md (A reply's cost)
describe.each(testDialects())("a reply's cost on %s", (dialect) => {
  describe('with CHECK_BALANCE on', () => {
    let app: ChatApp;
    beforeAll(async () => {
      app = await startChatApp(dialect, simulator, {
        balance: { registrationGift: { credits: 1_000_000, gpt3Uses: 1, gpt4Uses: 1 } },
        titleConvo: false,
      });
    });
    afterAll(() => app.close());

    it("reads each reply's settlement: a free use of its class, then credits", async () => {
      const { token } = await newUser(app.app);
      const gpt3Free = await reply(app, token, 'gpt-3.5-turbo');
      const gpt4Free = await reply(app, token, 'gpt-4o');
      const gpt3Paid = await reply(app, token, 'gpt-3.5-turbo');
      const gpt4Paid = await reply(app, token, 'gpt-4o');
      const read = async (r: { conversationId: string; messageId: string }) =>
        (await costOf(app, token, r.conversationId, r.messageId)).body;
      expect(await read(gpt3Free)).toEqual(cost('gpt-3.5-turbo', { gpt3Uses: 1 }));
      expect(await read(gpt4Free)).toEqual(cost('gpt-4o', { gpt4Uses: 1 }));
      // Priced by call: 0.01 credit for gpt-3.5, 20 times that for gpt-4 (docs/reference/balance.md (Prices)).
      expect(await read(gpt3Paid)).toEqual(cost('gpt-3.5-turbo', { credits: 1_000 }));
      expect(await read(gpt4Paid)).toEqual(cost('gpt-4o', { credits: 20_000 }));
    });

    it('says a card covered a call, and a reply given back cost nothing', async () => {
      const { token, user } = await newUser(app.app);
      await paidOrder({ config: app.config, database: app.database, redis: null }, user.id, card1m);
      const covered = await reply(app, token, 'gpt-3.5-turbo');
      expect((await costOf(app, token, covered.conversationId, covered.messageId)).body).toEqual(
        cost('gpt-3.5-turbo', { card: 1 }),
      );
      // The card's daily gpt-4 uses pay a gpt-4 call: a free use, not the card.
      const gpt4 = await reply(app, token, 'gpt-4o');
      expect((await costOf(app, token, gpt4.conversationId, gpt4.messageId)).body).toEqual(
        cost('gpt-4o', { gpt4Uses: 1 }),
      );
      // A call that fails before any text is given back: the error reply shows no call and no cost.
      const { events } = await askModel(app, token, 'gpt-4o', { error: { status: 500, message: 'down' } });
      const failed = events.error!;
      expect(await costOf(app, token, failed.conversationId!, failed.messageId!)).toEqual({
        status: 200,
        body: { model: null, calls: 0, credits: 0, gpt3Uses: 0, gpt4Uses: 0, card: 0 },
      });
    });

    it("answers 404 for another user's reply and for a reply named under another conversation", async () => {
      const owner = await newUser(app.app);
      const other = await newUser(app.app);
      const r = await reply(app, owner.token, 'gpt-3.5-turbo');
      expect(await costOf(app, other.token, r.conversationId, r.messageId)).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Message not found' },
      });
      const elsewhere = await reply(app, owner.token, 'gpt-3.5-turbo');
      expect((await costOf(app, owner.token, elsewhere.conversationId, r.messageId)).status).toBe(404);
    });
  });

  it('answers 404 while CHECK_BALANCE is off', async () => {
    const app = await startChatApp(dialect, simulator, { titleConvo: false });
    const r = await reply(app, app.token, 'gpt-3.5-turbo');
    expect(await costOf(app, app.token, r.conversationId, r.messageId)).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'The balance is not enabled on this server' },
    });
    await app.close();
  });
});
