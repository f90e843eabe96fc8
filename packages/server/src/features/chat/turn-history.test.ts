import { afterEach, describe, expect, it } from 'vitest';
import { historyTokenBudget, NIL_UUID } from '@parley/shared';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import type { Db } from '../../db/database';
import { keepWithinBudget } from './history-budget';
import type { MessageFile } from './message-files';
import type { ChatContext } from './chat-context';
import type { Turn } from './chat-turn';
import { budgetedHistory, turnHistoryCounted, turnPromptTokens, type HistoryInput } from './turn-history';
import { newConversation, newMessage, newUserRow } from '../../../test/factories.test-helpers';

// A model with the default 4,096-token window and 1,096 tokens kept for the reply: 3,000 for the history.
const MODEL = 'llava';
const MAX_OUTPUT = 1096;
const TOKENS_EACH = 500;
const image = (id: string, width: number, height: number): MessageFile => ({
  file_id: id,
  type: 'image/png',
  width,
  height,
});
// At high detail: a 4x3 image is one tile (170 + 85); a 2048x2048 one is four tiles after scaling (4 * 170 + 85).
const SMALL_A = image('a', 4, 3);
const SMALL_B = image('b', 4, 3);
const BIG = image('big', 2048, 2048);

describe('keepWithinBudget', () => {
  it('drops the oldest entries until the rest fit, and always keeps the newest', () => {
    const cost = (n: number) => n;
    expect(keepWithinBudget([5, 5, 5], 10, cost)).toEqual([5, 5]);
    expect(keepWithinBudget([1, 2, 3], 6, cost)).toEqual([1, 2, 3]);
    expect(keepWithinBudget([1, 50], 10, cost)).toEqual([50]);
    expect(keepWithinBudget([], 10, cost)).toEqual([]);
  });
});

describe.each(testDialects())('the history budget counts images on %s', (dialect) => {
  let d: TestDatabase;
  afterEach(async () => d?.cleanup());

  /** user(A?) / AI / user(A) / AI / user(request, B) of TOKENS_EACH tokens each: 2,500 of the 3,000. */
  async function conversation(db: Db, requestImage: MessageFile) {
    await newUserRow(db, { id: 'u', name: 'u', invite_code: 'u' });
    const convo = await newConversation(db, 'u');
    const images: (MessageFile | null)[] = [null, null, SMALL_A, null, requestImage];
    let parent = NIL_UUID;
    for (const [i, file] of images.entries()) {
      const id = `m${i + 1}`;
      await newMessage(db, 'u', convo, {
        id,
        parent,
        sender: i % 2 === 0 ? 'User' : 'AI',
        text: `message ${i + 1}`,
        is_created_by_user: i % 2 === 0 ? 1 : 0,
        token_count: TOKENS_EACH,
        files: file ? JSON.stringify([file]) : null,
      });
      parent = id;
    }
    return (over: Partial<HistoryInput>) =>
      budgetedHistory(db, {
        userId: 'u',
        conversationId: convo,
        leafId: 'm5',
        model: MODEL,
        maxOutputTokens: MAX_OUTPUT,
        request: { messageId: 'm5', files: [requestImage] },
        vision: true,
        resendImages: false,
        detail: 'high',
        ...over,
      });
  }
  const shape = (entries: Awaited<ReturnType<Awaited<ReturnType<typeof conversation>>>>) =>
    entries.map((e) => [e.row.message_id, e.images.map((i) => i.file_id)]);

  it('the setup leaves 3,000 tokens for the history', () => {
    expect(historyTokenBudget(MODEL, MAX_OUTPUT)).toBe(3000);
  });

  it("takes the request's images off the budget, so a conversation near the limit drops older turns", async () => {
    d = await freshDatabase(dialect);
    const history = await conversation(d.db, BIG);
    // 2,500 text + 765 for the big image > 3,000: the oldest message goes.
    expect(shape(await history({}))).toEqual([
      ['m2', []],
      ['m3', []],
      ['m4', []],
      ['m5', ['big']],
    ]);
    // At low detail the image costs 85, and everything fits.
    expect(shape(await history({ detail: 'low' }))).toHaveLength(5);
    // A model that takes no images pays nothing for them.
    expect(shape(await history({ vision: false }))).toEqual([
      ['m1', []],
      ['m2', []],
      ['m3', []],
      ['m4', []],
      ['m5', []],
    ]);
  });

  it('counts resent images too, only when they are resent', async () => {
    d = await freshDatabase(dialect);
    const history = await conversation(d.db, SMALL_B);
    // 2,500 + 255 for B fits; A is not sent.
    expect(shape(await history({}))).toEqual([
      ['m1', []],
      ['m2', []],
      ['m3', []],
      ['m4', []],
      ['m5', ['b']],
    ]);
    // Resending A too: 2,500 + 255 + 255 = 3,010 > 3,000, so the oldest message goes.
    expect(shape(await history({ resendImages: true }))).toEqual([
      ['m2', []],
      ['m3', ['a']],
      ['m4', []],
      ['m5', ['b']],
    ]);
    // At low detail 2,500 + 85 + 85 fits.
    expect(shape(await history({ resendImages: true, detail: 'low' }))).toHaveLength(5);
  });
});

// A reply that uses tools holds its next call on the prompt's tokens counted with the history it read
// (docs/reference/balance.md (A call)): the same count the placement's hold makes from the database.
describe.each(testDialects())('the prompt counted with the history, on %s', (dialect) => {
  let d: TestDatabase;
  afterEach(async () => d?.cleanup());

  async function setUp() {
    d = await freshDatabase(dialect);
    await newUserRow(d.db, { id: 'u', name: 'u', invite_code: 'u' });
    const convo = await newConversation(d.db, 'u');
    await newMessage(d.db, 'u', convo, { id: 'q1', text: 'What is two plus two, and why?' });
    await newMessage(d.db, 'u', convo, { id: 'a1', parent: 'q1', byUser: false, text: 'Four: two twos.' });
    await newMessage(d.db, 'u', convo, { id: 'q2', parent: 'a1', text: 'And three plus three?' });
    const ctx = {
      deps: { database: d },
      registry: { getEndpoint: () => undefined },
      storage: null,
      logError: () => {},
    } as unknown as ChatContext;
    const turn = {
      userId: 'u',
      endpoint: 'gptPlugins',
      conversationId: convo,
      historyLeafId: 'q2',
      model: 'gpt-4o',
      settings: {},
      options: {
        model: 'gpt-4o',
        systemMessage: 'Answer in one line.',
        examples: [{ input: { content: 'One plus one?' }, output: { content: 'Two.' } }],
      },
      reply: { messageId: 'r', parentMessageId: 'q2', baseText: '', isEdited: false },
      requestMessage: { messageId: 'q2', files: null },
      tools: [],
    } as unknown as Turn;
    return { ctx, turn };
  }

  it('counts what turnPromptTokens counts, and nothing when not asked to', async () => {
    const { ctx, turn } = await setUp();
    const counted = await turnHistoryCounted(ctx, turn, true);
    expect(counted.history.map((h) => h.content)).toEqual([
      'What is two plus two, and why?',
      'Four: two twos.',
      'And three plus three?',
    ]);
    const expected = await turnPromptTokens(d.db, ctx, turn);
    expect(expected).toBeGreaterThan(0);
    expect(counted.promptTokens).toBe(expected);
    expect((await turnHistoryCounted(ctx, turn, false)).promptTokens).toBeNull();
  });

  it("leaves a branch whose reply is not written yet to turnPromptTokens (its question's history is read too)", async () => {
    const { ctx, turn } = await setUp();
    const branch = {
      ...turn,
      historyLeafId: 'r2',
      reply: { messageId: 'r2', parentMessageId: 'q2', baseText: 'Six', isEdited: false },
    } as Turn;
    expect((await turnHistoryCounted(ctx, branch, true)).promptTokens).toBeNull();
  });
});
