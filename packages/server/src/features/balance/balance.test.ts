import { startSim, type Sim } from '@parley/sim';
import { API, type ChatFinalEvent } from '@parley/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import {
  eventually,
  generated,
  messagesOf,
  post,
  startChatApp,
  type ChatApp,
} from '../chat/chat.test-helpers';
import { readBalance } from '../ledger/ledger.repository';
import { grantRegistrationGift } from './registration-gift';
import { askModel, balanceOf, entries, expectLedgerMatches, startSlowAsk } from './balance.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const deps = (app: ChatApp) => ({ config: app.config, database: app.database, redis: app.redis });

// docs/reference/balance.md
describe.each(testDialects())('balance on %s', (dialect) => {
  describe('with CHECK_BALANCE off', () => {
    let app: ChatApp;
    beforeAll(async () => {
      app = await startChatApp(dialect, simulator);
    });
    afterAll(() => app.close());

    it('answers 404 for the balance, charges nothing and writes no ledger entry', async () => {
      const balance = await balanceOf(app, app.token);
      expect(balance.status).toBe(404);
      expect(balance.body).toMatchObject({ code: 'NOT_FOUND' });
      const res = await askModel(app, app.token, 'gpt-4o');
      expect(res.events.final).toBeDefined();
      expect(await grantRegistrationGift(deps(app), app.userId)).toBe(false);
      const db = app.database.db;
      expect(await db.selectFrom('ledger_entries').selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('balances').selectAll().execute()).toEqual([]);
    });
  });

  describe('with CHECK_BALANCE on', () => {
    let app: ChatApp;
    // Two gpt-3.5 calls of credits and one free use: small enough to run out in a test.
    const gift = { credits: 2000, gpt3Uses: 1, gpt4Uses: 0 };
    beforeAll(async () => {
      app = await startChatApp(dialect, simulator, {
        balance: { registrationGift: gift },
        titleConvo: false,
      });
    });
    afterAll(() => app.close());
    beforeEach(() => simulator.clearRequests());

    it('gives a new account its gift once, and answers the balance as {c, t}', async () => {
      const { token, user } = await newUser(app.app);
      expect(await balanceOf(app, token)).toEqual({
        status: 200,
        body: { c: 2000, t: { 'gpt-3': 1, 'gpt-4': 0 } },
      });
      // A second grant (another sign-up path, a retry) is refused by the ledger's key.
      expect(await grantRegistrationGift(deps(app), user.id)).toBe(false);
      expect(await entries(app.database.db, user.id, 'gift')).toHaveLength(1);
      await expectLedgerMatches(app.database.db, user.id);
    });

    it('spends the free use first, then credits, then refuses with token_balance before calling the provider', async () => {
      const db = app.database.db;
      const { token, user } = await newUser(app.app);
      const steps: unknown[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await askModel(app, token, 'gpt-3.5-turbo');
        expect(res.events.final).toBeDefined();
        steps.push((await balanceOf(app, token)).body);
        await expectLedgerMatches(db, user.id);
      }
      expect(steps).toEqual([
        { c: 2000, t: { 'gpt-3': 0, 'gpt-4': 0 } },
        { c: 1000, t: { 'gpt-3': 0, 'gpt-4': 0 } },
        { c: 0, t: { 'gpt-3': 0, 'gpt-4': 0 } },
      ]);
      expect(simulator.requests()).toHaveLength(3);
      const conversationsBefore = await db
        .selectFrom('conversations')
        .select('conversation_id')
        .where('user_id', '=', user.id)
        .execute();

      const refused = await askModel(app, token, 'gpt-3.5-turbo');
      expect(refused.status).toBe(402);
      const body = JSON.parse(refused.body) as { code: string; message: string };
      expect(body.code).toBe('PAYMENT_REQUIRED');
      expect(JSON.parse(body.message)).toMatchObject({ type: 'token_balance', balance: 0, tokenCost: 1000 });
      expect(simulator.requests()).toHaveLength(3);
      // Nothing was saved for the refused send.
      const conversationsAfter = await db
        .selectFrom('conversations')
        .select('conversation_id')
        .where('user_id', '=', user.id)
        .execute();
      expect(conversationsAfter).toHaveLength(conversationsBefore.length);
      await expectLedgerMatches(db, user.id);
    });

    it('refuses a gpt-4 call the credits cannot pay for, naming its cost and multiplier', async () => {
      const { token, user } = await newUser(app.app);
      const refused = await askModel(app, token, 'gpt-4o');
      expect(refused.status).toBe(402);
      const json = JSON.parse((JSON.parse(refused.body) as { message: string }).message) as Record<
        string,
        unknown
      >;
      expect(json).toMatchObject({
        type: 'token_balance',
        balance: 2000,
        tokenCost: 20000,
        multiplier: 20,
        model: 'gpt-4o',
      });
      expect(simulator.requests()).toHaveLength(0);
      expect(await readBalance(app.database.db, user.id)).toEqual({
        credits: 2000,
        gpt3Uses: 1,
        gpt4Uses: 0,
      });
    });

    it('gives the hold back when the provider fails before any text', async () => {
      const { token, user } = await newUser(app.app);
      const res = await askModel(app, token, 'gpt-3.5-turbo', { error: { status: 500, kind: 'server' } });
      expect(res.events.error).toBeDefined();
      expect(await readBalance(app.database.db, user.id)).toEqual({
        credits: 2000,
        gpt3Uses: 1,
        gpt4Uses: 0,
      });
      expect(await entries(app.database.db, user.id, 'settle')).toHaveLength(1);
      await expectLedgerMatches(app.database.db, user.id);
    });

    it('charges an aborted call that delivered text, exactly once', async () => {
      const { token, user } = await newUser(app.app);
      const { reader, conversationId } = await startSlowAsk(app, token, 'gpt-3.5-turbo', {
        tokens: 200,
        rate: 50,
      });
      const res = await post(app, token, `${API.ask}/openAI/abort`, {
        abortKey: conversationId,
        endpoint: 'openAI',
      });
      const final = (await res.json()) as ChatFinalEvent;
      expect(final.responseMessage.unfinished).toBe(true);
      await reader.rest();
      const db = app.database.db;
      expect(await entries(db, user.id, 'hold')).toHaveLength(1);
      expect(await entries(db, user.id, 'settle')).toHaveLength(1);
      // The free use paid for it.
      expect(await readBalance(db, user.id)).toEqual({ credits: 2000, gpt3Uses: 0, gpt4Uses: 0 });
      await expectLedgerMatches(db, user.id);
    });

    it('charges a call whose client disconnected once its reply is finished, exactly once', async () => {
      const db = app.database.db;
      const { token, user } = await newUser(app.app);
      // The free use first, so this call is paid in credits.
      await askModel(app, token, 'gpt-3.5-turbo');
      const controller = new AbortController();
      const { reader, conversationId } = await startSlowAsk(
        app,
        token,
        'gpt-3.5-turbo',
        { tokens: 30, rate: 60 },
        controller.signal,
      );
      controller.abort();
      await reader.cancel();
      const saved = await eventually(
        () => messagesOf(app, conversationId, token),
        (all) => all[1]?.unfinished === false,
      );
      expect(saved[1]?.text).toBe(generated(30));
      const settles = await eventually(
        () => entries(db, user.id, 'settle'),
        (rows) => rows.length === 2,
      );
      expect(settles).toHaveLength(2);
      expect(await readBalance(db, user.id)).toEqual({ credits: 1000, gpt3Uses: 0, gpt4Uses: 0 });
      await expectLedgerMatches(db, user.id);
    });
  });

  describe('priced by tokens', () => {
    let app: ChatApp;
    beforeAll(async () => {
      app = await startChatApp(dialect, simulator, {
        balance: { pricing: 'tokens', registrationGift: { credits: 100_000, gpt3Uses: 0, gpt4Uses: 0 } },
        titleConvo: false,
      });
    });
    afterAll(() => app.close());

    it("settles from the provider's reported usage", async () => {
      const res = await askModel(app, app.token, 'gpt-3.5-turbo', { usage: { input: 1000, output: 2000 } });
      expect(res.events.final).toBeDefined();
      // 1000 prompt tokens at 150 per 1k and 2000 completion tokens at 200 per 1k.
      expect(await readBalance(app.database.db, app.userId)).toEqual({
        credits: 100_000 - 550,
        gpt3Uses: 0,
        gpt4Uses: 0,
      });
      await expectLedgerMatches(app.database.db, app.userId);
    });
  });

  describe('200 parallel calls against a balance that pays for 10', () => {
    let app: ChatApp;
    beforeAll(async () => {
      app = await startChatApp(dialect, simulator, {
        balance: { registrationGift: { credits: 10_000, gpt3Uses: 0, gpt4Uses: 0 } },
        titleConvo: false,
      });
    });
    afterAll(() => app.close());

    it('charges exactly 10 and never passes zero', async () => {
      simulator.clearRequests();
      const results = await Promise.all(
        Array.from({ length: 200 }, () => askModel(app, app.token, 'gpt-3.5-turbo')),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 402)).toHaveLength(190);
      expect(results.filter((r) => r.events.final)).toHaveLength(10);
      expect(simulator.requests()).toHaveLength(10);
      const db = app.database.db;
      expect(await readBalance(db, app.userId)).toEqual({ credits: 0, gpt3Uses: 0, gpt4Uses: 0 });
      expect(await entries(db, app.userId, 'hold')).toHaveLength(10);
      expect(await entries(db, app.userId, 'settle')).toHaveLength(10);
      await expectLedgerMatches(db, app.userId);
    }, 60_000);
  });
});
