import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { ask, edit, messagesOf, sim, startChatApp, type ChatApp } from './chat.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

/** The chat calls the simulator received (titles are not streamed). */
const streamedRequests = () =>
  simulator.requests().filter((r) => (r.body as { stream?: boolean }).stream === true);

describe.each(testDialects())('chat tree semantics on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator);
  });
  afterAll(() => app.close());

  /** A new conversation with one exchange; answers its final event. */
  async function firstTurn(reply = 'First answer.') {
    const res = await ask(app, 'openAI', {
      text: `Question ${sim({ reply })}`,
      parentMessageId: NIL_UUID,
      conversationId: 'new',
      messageId: `u-${Math.random()}`,
    });
    return res.events.final!;
  }

  it('ask: user message under the parent, reply under the user message; client ids are kept', async () => {
    const final = await firstTurn();
    expect(final.requestMessage.messageId).toMatch(/^u-/);
    expect(final.requestMessage.parentMessageId).toBe(NIL_UUID);
    expect(final.responseMessage.parentMessageId).toBe(final.requestMessage.messageId);
    expect(final.responseMessage.text).toBe('First answer.');
  });

  it('regenerate: no new user message, a new sibling reply under the same user message', async () => {
    const final = await firstTurn();
    const conversationId = final.conversation.conversationId;
    const res = await edit(app, 'openAI', {
      text: final.requestMessage.text,
      isRegenerate: true,
      parentMessageId: final.requestMessage.messageId,
      conversationId,
    });
    expect(res.status).toBe(200);
    expect(res.events.messages[0]).toMatchObject({
      created: true,
      message: { messageId: final.requestMessage.messageId },
    });
    const again = res.events.final!;
    expect(again.requestMessage.messageId).toBe(final.requestMessage.messageId);
    expect(again.responseMessage.parentMessageId).toBe(final.requestMessage.messageId);
    expect(again.responseMessage.messageId).not.toBe(final.responseMessage.messageId);
    const all = await messagesOf(app, conversationId);
    expect(all.filter((m) => m.isCreatedByUser)).toHaveLength(1);
    const replies = all.filter((m) => m.parentMessageId === final.requestMessage.messageId);
    expect(replies.map((m) => m.messageId)).toEqual([
      final.responseMessage.messageId,
      again.responseMessage.messageId,
    ]);
  });

  it('continue: the model sees the reply so far; new text is appended to the same message, marked edited', async () => {
    const final = await firstTurn('Once upon');
    const conversationId = final.conversation.conversationId;
    simulator.clearRequests();
    const res = await edit(app, 'openAI', {
      text: '',
      isContinued: true,
      parentMessageId: final.requestMessage.messageId,
      responseMessageId: final.responseMessage.messageId,
      conversationId,
    });
    expect(res.status).toBe(200);
    const body = streamedRequests()[0]!.body as { messages: { role: string; content: string }[] };
    expect(body.messages.at(-1)).toEqual({ role: 'assistant', content: 'Once upon' });
    const added = res.events.deltas.join('');
    const { responseMessage } = res.events.final!;
    expect(responseMessage.messageId).toBe(final.responseMessage.messageId);
    expect(responseMessage.text).toBe(`Once upon${added}`);
    expect(responseMessage.isEdited).toBe(true);
    expect(added.length).toBeGreaterThan(0);
    const all = await messagesOf(app, conversationId);
    expect(all).toHaveLength(2);
    expect(all[1]).toMatchObject({ text: `Once upon${added}`, isEdited: true, unfinished: false });
  });

  it('edit an AI message in place and continue: the text becomes editedText, then is continued', async () => {
    const final = await firstTurn('Wrong start');
    const conversationId = final.conversation.conversationId;
    simulator.clearRequests();
    const res = await edit(app, 'openAI', {
      text: '',
      isEdited: true,
      isContinued: true,
      editedMessageId: final.responseMessage.messageId,
      editedText: 'Better start',
      parentMessageId: final.requestMessage.messageId,
      conversationId,
    });
    const body = streamedRequests()[0]!.body as { messages: { role: string; content: string }[] };
    expect(body.messages.at(-1)).toEqual({ role: 'assistant', content: 'Better start' });
    const added = res.events.deltas.join('');
    expect(res.events.final!.responseMessage).toMatchObject({
      messageId: final.responseMessage.messageId,
      text: `Better start${added}`,
      isEdited: true,
    });
  });

  it('edited user message resubmitted: a new sibling user message, ordered by creation', async () => {
    const final = await firstTurn();
    const conversationId = final.conversation.conversationId;
    const res = await ask(app, 'openAI', {
      text: 'Question, edited',
      parentMessageId: final.requestMessage.parentMessageId,
      conversationId,
    });
    const sibling = res.events.final!.requestMessage;
    expect(sibling.parentMessageId).toBe(NIL_UUID);
    const roots = (await messagesOf(app, conversationId)).filter((m) => m.parentMessageId === NIL_UUID);
    expect(roots.map((m) => m.messageId)).toEqual([final.requestMessage.messageId, sibling.messageId]);
    expect(res.events.final!.responseMessage.parentMessageId).toBe(sibling.messageId);
  });

  it('refuses bad sends before streaming: empty text, unknown endpoint, bad ranges, unknown parent', async () => {
    const base = { parentMessageId: NIL_UUID, conversationId: null };
    expect((await ask(app, 'openAI', { ...base, text: '   ' })).status).toBe(400);
    const unknown = await ask(app, 'nope', { ...base, text: 'hi' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toContain('Unknown endpoint');
    const range = await ask(app, 'openAI', { ...base, text: 'hi', temperature: 5 });
    expect(range.status).toBe(400);
    expect(range.body).toContain('temperature');
    const final = await firstTurn();
    const parent = await ask(app, 'openAI', {
      text: 'hi',
      parentMessageId: 'missing',
      conversationId: final.conversation.conversationId,
    });
    expect(parent.status).toBe(404);
    const taken = await ask(app, 'openAI', {
      text: 'hi',
      messageId: final.requestMessage.messageId,
      parentMessageId: final.responseMessage.messageId,
      conversationId: final.conversation.conversationId,
    });
    expect(taken.status).toBe(409);
  });
  it('a message id another user holds is refused with 409 and leaves no empty conversation behind', async () => {
    const other = await newUser(app.app);
    const messageId = `u-${Math.random()}`;
    const first = await ask(
      app,
      'openAI',
      { text: 'Mine', parentMessageId: NIL_UUID, conversationId: 'new', messageId },
      other.token,
    );
    expect(first.status).toBe(200);
    const conversationsOf = async () =>
      (
        await app.database.db
          .selectFrom('conversations')
          .select('conversation_id')
          .where('user_id', '=', app.userId)
          .execute()
      ).length;
    const before = await conversationsOf();
    const taken = await ask(app, 'openAI', {
      text: 'Same id',
      parentMessageId: NIL_UUID,
      conversationId: 'new',
      messageId,
    });
    expect(taken.status).toBe(409);
    expect(await conversationsOf()).toBe(before);
  });
});
