import { startSim, type Sim } from '@parley/sim';
import type { UsageRow } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { nowIso } from '../../lib/clock';
import { ask, sim, simProviders, startChatApp, type ChatApp } from '../chat/chat.test-helpers';
import { appendEntry } from '../ledger/ledger.repository';
import { localTime } from './daily-clock';
import { balanceOf, entries, expectLedgerMatches, fresh } from './balance.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

/** Each endpoint of a model these tests send, on the simulator. */
const ENDPOINT: Record<string, string> = {
  'gpt-4o-mini': 'openAI',
  'gpt-4o': 'openAI',
  'claude-3-5-haiku-20241022': 'anthropic',
  'claude-sonnet-4-5': 'anthropic',
  'gemini-2.0-flash': 'google',
};

/** The simulator as every provider, Anthropic offering Haiku 3.5 beside today's list. */
const providers = (s: Sim) => {
  const all = simProviders(s);
  return {
    ...all,
    anthropic: { ...all.anthropic!, models: ['claude-sonnet-4-5', 'claude-3-5-haiku-20241022'] },
  };
};

const send = (app: ChatApp, token: string, model: string) =>
  ask(app, ENDPOINT[model]!, { ...fresh, model, text: `Hi ${sim({ tokens: 3 })}` }, token);

async function freeUses(app: ChatApp, token: string) {
  return ((await balanceOf(app, token)).body as { t: Record<string, number> }).t;
}

/** The refusal's JSON (the 402's message). */
function refusalOf(res: { status: number; body: string }): Record<string, unknown> {
  expect(res.status).toBe(402);
  return JSON.parse((JSON.parse(res.body) as { message: string }).message) as Record<string, unknown>;
}

async function usageOf(app: ChatApp, token: string): Promise<UsageRow[]> {
  const res = await fetch(`${app.base}/api/balance/usage?days=7`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as UsageRow[];
}

// docs/reference/balance.md (Model classes)
describe.each(testDialects())('model classes on %s', (dialect) => {
  describe('with the default prices and gift', () => {
    let app: ChatApp;
    beforeAll(async () => {
      app = await startChatApp(dialect, simulator, {
        providers: providers(simulator),
        balance: {},
        titleConvo: false,
      });
    });
    afterAll(() => app.close());

    it("spends a new user's gpt-3.5 uses on today's small models and the gpt-4 ones on large models", async () => {
      const { token, user } = await newUser(app.app);
      expect(await freeUses(app, token)).toEqual({ 'gpt-3': 50, 'gpt-4': 10 });
      for (const model of ['gpt-4o-mini', 'gpt-4o-mini', 'claude-3-5-haiku-20241022', 'gemini-2.0-flash']) {
        expect((await send(app, token, model)).events.final).toBeDefined();
      }
      // Four cheap questions: the ten gpt-4 uses of the gift are all still there.
      expect(await freeUses(app, token)).toEqual({ 'gpt-3': 46, 'gpt-4': 10 });
      for (const model of ['gpt-4o', 'claude-sonnet-4-5']) {
        expect((await send(app, token, model)).events.final).toBeDefined();
      }
      expect((await balanceOf(app, token)).body).toEqual({ c: 100_000, t: { 'gpt-3': 46, 'gpt-4': 8 } });

      // Each settlement records the class it was charged in.
      const settled = await entries(app.database.db, user.id, 'settle');
      const classes = settled.map((e) => [e.model, e.call_class, e.call_gpt3_uses, e.call_gpt4_uses]);
      expect(classes.sort()).toEqual(
        [
          ['claude-3-5-haiku-20241022', 'gpt-3', 1, 0],
          ['claude-sonnet-4-5', 'gpt-4', 0, 1],
          ['gemini-2.0-flash', 'gpt-3', 1, 0],
          ['gpt-4o', 'gpt-4', 0, 1],
          ['gpt-4o-mini', 'gpt-3', 1, 0],
          ['gpt-4o-mini', 'gpt-3', 1, 0],
        ].sort(),
      );
      // The usage page names the class of each model's calls.
      const usage = await usageOf(app, token);
      expect(usage.map((r) => [r.model, r.modelClass, r.calls])).toEqual([
        ['claude-3-5-haiku-20241022', 'gpt-3', 1],
        ['claude-sonnet-4-5', 'gpt-4', 1],
        ['gemini-2.0-flash', 'gpt-3', 1],
        ['gpt-4o', 'gpt-4', 1],
        ['gpt-4o-mini', 'gpt-3', 2],
      ]);
      await expectLedgerMatches(app.database.db, user.id);
    });

    it('leaves the ledger written before untouched: old calls keep the class they were charged in', async () => {
      const db = app.database.db;
      const { token, user } = await newUser(app.app);
      // Two gpt-4o-mini calls as the version before wrote them, when it was of the gpt-4 class: one paid with a free
      // gpt-4 use, one with a gpt-4 call's credits. Their settlements carry no class.
      const old = async (n: number, change: { gpt4Uses: number } | { credits: number }) => {
        await appendEntry(db, { userId: user.id, kind: 'hold', change, reason: 'call gpt-4o-mini' });
        await db
          .insertInto('ledger_entries')
          .values({
            id: `old-${n}-${user.id}`,
            user_id: user.id,
            kind: 'settle',
            credits: 0,
            gpt3_uses: 0,
            gpt4_uses: 0,
            reason: 'gpt4Uses' in change ? 'used a free gpt-4 call' : 'charged 20000 for gpt-4o-mini',
            ref_id: null,
            unique_key: `settle:old-${n}-${user.id}`,
            created_at: nowIso(),
            model: 'gpt-4o-mini',
            prompt_tokens: 10,
            completion_tokens: 5,
            call_credits: 'credits' in change ? 20_000 : 0,
            call_gpt3_uses: 0,
            call_gpt4_uses: 'gpt4Uses' in change ? 1 : 0,
          })
          .execute();
      };
      await old(1, { gpt4Uses: -1 });
      await old(2, { credits: -20_000 });
      const before = await db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      expect(await freeUses(app, token)).toEqual({ 'gpt-3': 50, 'gpt-4': 9 });

      expect((await send(app, token, 'gpt-4o-mini')).events.final).toBeDefined();

      const after = await db
        .selectFrom('ledger_entries')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      // Every row written before is still there, as it was; only the new call's two were added.
      expect(after.filter((row) => before.some((b) => b.id === row.id))).toEqual(before);
      expect(after).toHaveLength(before.length + 2);
      // What was spent stays spent; the new call took a gpt-3.5 use.
      expect((await balanceOf(app, token)).body).toEqual({ c: 80_000, t: { 'gpt-3': 49, 'gpt-4': 9 } });
      await expectLedgerMatches(db, user.id);
      // The usage page names the old free call's class from the use it spent; the old paid call's is unknown, not
      // guessed from today's rules.
      const today = localTime(new Date(), app.config.balance.timeZone).day;
      expect(await usageOf(app, token)).toEqual([
        {
          day: today,
          model: 'gpt-4o-mini',
          modelClass: null,
          calls: 1,
          promptTokens: 10,
          completionTokens: 5,
          credits: 20_000,
          gpt3Uses: 0,
          gpt4Uses: 0,
        },
        expect.objectContaining({ model: 'gpt-4o-mini', modelClass: 'gpt-3', calls: 1, gpt3Uses: 1 }),
        expect.objectContaining({ model: 'gpt-4o-mini', modelClass: 'gpt-4', calls: 1, gpt4Uses: 1 }),
      ]);
    });
  });

  describe("with the operator's balance section", () => {
    let app: ChatApp;
    beforeAll(async () => {
      app = await startChatApp(dialect, simulator, {
        providers: providers(simulator),
        balance: {
          gpt4Models: ['gemini-*'],
          models: { 'gpt-4o-mini': { class: 'gpt-4' }, 'claude-*': { class: 'gpt-3' } },
        },
        titleConvo: false,
      });
    });
    afterAll(() => app.close());

    it('classes the models it names as it says, over the built-in table', async () => {
      const { token, user } = await newUser(app.app);
      for (const model of ['gpt-4o-mini', 'gemini-2.0-flash']) {
        expect((await send(app, token, model)).events.final).toBeDefined();
      }
      expect(await freeUses(app, token)).toEqual({ 'gpt-3': 50, 'gpt-4': 8 });
      expect((await send(app, token, 'claude-sonnet-4-5')).events.final).toBeDefined();
      expect(await freeUses(app, token)).toEqual({ 'gpt-3': 49, 'gpt-4': 8 });
      await expectLedgerMatches(app.database.db, user.id);
    });
  });

  describe('when the balance cannot pay', () => {
    let app: ChatApp;
    beforeAll(async () => {
      app = await startChatApp(dialect, simulator, {
        providers: providers(simulator),
        balance: { registrationGift: { credits: 0, gpt3Uses: 1, gpt4Uses: 0 } },
        titleConvo: false,
      });
    });
    afterAll(() => app.close());

    it("names the model's class in the refusal, beside the fields it always had", async () => {
      const { token } = await newUser(app.app);
      // No gpt-4 use and no credits: gpt-4o is refused, naming its class.
      expect(refusalOf(await send(app, token, 'gpt-4o'))).toEqual({
        type: 'token_balance',
        balance: 0,
        tokenCost: 20_000,
        promptTokens: expect.any(Number) as number,
        model: 'gpt-4o',
        multiplier: 20,
        modelClass: 'gpt-4',
      });
      // The one gpt-3.5 use pays gpt-4o-mini; the next is refused, naming the gpt-3.5 class.
      expect((await send(app, token, 'gpt-4o-mini')).events.final).toBeDefined();
      expect(refusalOf(await send(app, token, 'gpt-4o-mini'))).toMatchObject({
        type: 'token_balance',
        model: 'gpt-4o-mini',
        multiplier: 1,
        tokenCost: 1000,
        modelClass: 'gpt-3',
      });
    });
  });
});
