import { startSim, type Sim } from '@parley/sim';
import type { UsageRow } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { startChatApp, type ChatApp } from '../chat/chat.test-helpers';
import { localTime } from '../balance/daily-clock';
import { askModel } from '../balance/balance.test-helpers';
import { getUsage } from './usage.service';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const usageOf = async (app: ChatApp, token: string, query = '') => {
  const res = await fetch(`${app.base}/api/balance/usage${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as unknown };
};

// docs/reference/commerce.md (Usage)
describe.each(testDialects())('usage on %s', (dialect) => {
  describe('with CHECK_BALANCE on, priced by tokens', () => {
    let app: ChatApp;
    beforeAll(async () => {
      app = await startChatApp(dialect, simulator, {
        balance: { pricing: 'tokens', registrationGift: { credits: 1_000_000, gpt3Uses: 1, gpt4Uses: 0 } },
        titleConvo: false,
      });
    });
    afterAll(() => app.close());

    it('answers one row per day and model from the settled calls: calls, tokens, credits and free uses', async () => {
      const { token } = await newUser(app.app);
      // The free gpt-3 use pays the first call; the next two are charged by their reported tokens.
      for (const usage of [
        { input: 100, output: 50 },
        { input: 1000, output: 2000 },
        { input: 10, output: 20 },
      ]) {
        expect((await askModel(app, token, 'gpt-3.5-turbo', { usage })).events.final).toBeDefined();
      }
      expect(
        (await askModel(app, token, 'gpt-4o', { usage: { input: 1000, output: 1000 } })).events.final,
      ).toBeDefined();
      // A call that fails before any text is given back: not a call.
      await askModel(app, token, 'gpt-4o', { error: { status: 500, message: 'down' } });

      const today = localTime(new Date(), app.config.balance.timeZone).day;
      const { status, body } = await usageOf(app, token, '?days=7');
      expect(status).toBe(200);
      expect(body).toEqual([
        {
          day: today,
          model: 'gpt-3.5-turbo',
          modelClass: 'gpt-3',
          calls: 3,
          promptTokens: 1110,
          completionTokens: 2070,
          // 1000 × 150/1k + 2000 × 200/1k = 550; 10 × 150/1k + 20 × 200/1k = 5.5, rounded up to 6.
          credits: 556,
          gpt3Uses: 1,
          gpt4Uses: 0,
        },
        {
          day: today,
          model: 'gpt-4o',
          modelClass: 'gpt-4',
          calls: 1,
          promptTokens: 1000,
          completionTokens: 1000,
          credits: 7000,
          gpt3Uses: 0,
          gpt4Uses: 0,
        },
      ] satisfies UsageRow[]);
    });

    it("counts a call on its day in the balance's time zone and leaves out days before the window", async () => {
      const { token, user } = await newUser(app.app);
      expect(
        (await askModel(app, token, 'gpt-3.5-turbo', { usage: { input: 1, output: 1 } })).events.final,
      ).toBeDefined();
      const deps = { config: app.config, database: app.database };
      const settledAt = new Date(
        (
          await app.database.db
            .selectFrom('ledger_entries')
            .select('created_at')
            .where('user_id', '=', user.id)
            .where('kind', '=', 'settle')
            .executeTakeFirstOrThrow()
        ).created_at,
      );
      const twoDaysLater = new Date(settledAt.getTime() + 2 * 24 * 60 * 60 * 1000);
      expect(await getUsage(deps, user.id, 3, twoDaysLater)).toHaveLength(1);
      expect(await getUsage(deps, user.id, 2, twoDaysLater)).toEqual([]);
      expect((await usageOf(app, token, '?days=0')).status).toBe(400);
      expect((await usageOf(app, token, '?days=91')).status).toBe(400);
    });
  });

  describe('with CHECK_BALANCE off', () => {
    let app: ChatApp;
    beforeAll(async () => {
      app = await startChatApp(dialect, simulator, { titleConvo: false });
    });
    afterAll(() => app.close());

    it('answers 404', async () => {
      expect(await usageOf(app, app.token)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    });
  });
});
