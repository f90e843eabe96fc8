import { startSim, type Sim } from '@parley/sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newConversation, newMessage, newUser } from '../../../test/factories.test-helpers';
import { countTokens } from '../../lib/tokens';
import { ask, messagesOf, sim, startChatApp, type ChatApp } from '../chat/chat.test-helpers';
import { readBalance } from '../ledger/ledger.repository';
import { entries, expectLedgerMatches, fresh } from './balance.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

/** 0.3 credit, no free uses: what the probe's user had. */
const CREDITS = 30_000;
/** gpt-4o at the gpt-4 family's token prices: 3000 and 4000 units per 1,000 prompt and reply tokens. */
const PROMPT_PRICE = 3000;
const REPLY_PRICE = 4000;
/** `balance.completionReserve`: the least reply a call must pay for to run. */
const LEAST_REPLY = 1000;

const words = (n: number) => 'word '.repeat(n);

// docs/reference/balance.md (A call; What a call costs); docs/decisions.md, "A call is charged at most its hold"
describe.each(testDialects())('token-priced holds on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator, {
      balance: { pricing: 'tokens', registrationGift: { credits: CREDITS, gpt3Uses: 0, gpt4Uses: 0 } },
      titleConvo: false,
    });
  });
  afterAll(() => app.close());
  beforeEach(() => simulator.clearRequests());

  /** A conversation whose earlier turn holds a long reply; answers its id and the reply's id (the next parent). */
  async function longConversation(userId: string, replyTokens: number) {
    const db = app.database.db;
    const conversationId = await newConversation(db, userId, { title: 'Long' });
    const question = await newMessage(db, userId, conversationId, { text: 'Tell me a long story' });
    const reply = await newMessage(db, userId, conversationId, {
      parent: question.message_id,
      byUser: false,
      text: words(replyTokens),
    });
    return {
      conversationId,
      parentMessageId: reply.message_id,
      historyTokens: question.token_count + reply.token_count,
    };
  }

  /** "hi" sent under the last message of a long conversation. */
  const sayHi = (convo: { conversationId: string; parentMessageId: string }, model: string, token: string) =>
    ask(
      app,
      'openAI',
      { conversationId: convo.conversationId, parentMessageId: convo.parentMessageId, model, text: 'hi' },
      token,
    );

  it('refuses "hi" in a conversation whose history the balance cannot pay for, saving and sending nothing', async () => {
    const db = app.database.db;
    const { token, user } = await newUser(app.app);
    const convo = await longConversation(user.id, 20_000);
    const res = await sayHi(convo, 'gpt-4o', token);
    expect(res.status).toBe(402);
    const promptTokens = convo.historyTokens + countTokens('hi');
    const body = JSON.parse(res.body) as { code: string; message: string };
    expect(body.code).toBe('PAYMENT_REQUIRED');
    expect(JSON.parse(body.message)).toEqual({
      type: 'token_balance',
      balance: CREDITS,
      tokenCost: Math.ceil((promptTokens * PROMPT_PRICE + LEAST_REPLY * REPLY_PRICE) / 1000),
      promptTokens,
      model: 'gpt-4o',
      multiplier: 20,
      modelClass: 'gpt-4',
    });
    expect(simulator.requests()).toHaveLength(0);
    expect(await messagesOf(app, convo.conversationId, token)).toHaveLength(2);
    expect(await readBalance(db, user.id)).toEqual({ credits: CREDITS, gpt3Uses: 0, gpt4Uses: 0 });
    expect(await entries(db, user.id, 'hold')).toEqual([]);
    await expectLedgerMatches(db, user.id);
  });

  it('holds the history actually sent (trimmed to the context), not the whole conversation', async () => {
    const db = app.database.db;
    const { token, user } = await newUser(app.app);
    // 20,000 tokens of history, but gpt-3.5-turbo's 4,096-token window sends only what fits with its reply.
    const convo = await longConversation(user.id, 20_000);
    const res = await sayHi(convo, 'gpt-3.5-turbo', token);
    expect(res.status).toBe(200);
    expect(res.events.final).toBeDefined();
    const [hold] = await entries(db, user.id, 'hold');
    // At gpt-3.5's prices (150 and 200 per 1,000) the whole history alone would cost 3,000 units; the prompt sent is
    // "hi" (the long reply does not fit the window) and a reply of up to the 4,096-token window less the prompt.
    const promptTokens = countTokens('hi');
    const reply = 4096 - promptTokens;
    expect(Number(hold?.credits)).toBe(-Math.ceil((promptTokens * 150 + reply * 200) / 1000));
    expect((simulator.requests()[0]?.body as { max_tokens?: number }).max_tokens).toBe(reply);
    await expectLedgerMatches(db, user.id);
  });

  it('asks the provider for no more than the balance pays for, and a 20,000-token reply never overdraws', async () => {
    const db = app.database.db;
    const { token, user } = await newUser(app.app);
    const text = `Write at length ${sim({ tokens: 20_000 })}`;
    const res = await ask(app, 'openAI', { ...fresh, model: 'gpt-4o', text }, token);
    expect(res.status).toBe(200);
    expect(res.events.final).toBeDefined();
    const promptTokens = countTokens(text);
    // What 0.3 credit pays for beside the prompt: fewer than gpt-4o's 16,384.
    const reply = Math.floor((CREDITS * 1000 - promptTokens * PROMPT_PRICE) / REPLY_PRICE);
    const held = Math.ceil((promptTokens * PROMPT_PRICE + reply * REPLY_PRICE) / 1000);
    const [request] = simulator.requests();
    expect((request?.body as { max_tokens?: number }).max_tokens).toBe(reply);
    // The simulator ignores max_tokens and writes 20,000 tokens: the charge stops at the hold.
    const [settle] = await entries(db, user.id, 'settle');
    expect([settle?.credits, settle?.completion_tokens, settle?.call_credits].map(Number)).toEqual([
      0,
      20_000,
      held,
    ]);
    expect(await readBalance(db, user.id)).toEqual({ credits: CREDITS - held, gpt3Uses: 0, gpt4Uses: 0 });
    expect(CREDITS - held).toBeGreaterThanOrEqual(0);
    await expectLedgerMatches(db, user.id);
  }, 30_000);
});
