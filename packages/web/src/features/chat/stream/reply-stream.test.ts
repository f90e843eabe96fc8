import { describe, expect, it } from 'vitest';
import type { Message } from '@parley/shared';
import { readChatEvent } from './chat-events';
import { errorTextOf, isLocalOnly } from './message-updates';
import { createReplyStream, type MessageLists } from './reply-stream';
import { createSseParser } from './sse-parser';
import { testFinal, testMessage } from './stream.test-helpers';

function memoryLists(initial: Record<string, Message[]>): MessageLists & { data: Map<string, Message[]> } {
  const data = new Map(Object.entries(initial));
  return { data, get: (id) => data.get(id) ?? [], set: (id, list) => void data.set(id, list) };
}

const user = testMessage('u1', { conversationId: 'new', isCreatedByUser: true, text: 'Hi' });
const placeholder = testMessage('u1_', { conversationId: 'new', parentMessageId: 'u1', createdAt: '' });
const target = { conversationId: 'new', replyId: 'u1_', userMessageId: 'u1', sender: 'GPT' };
const text = (t: string, messageId = 'u1_') => ({ kind: 'text' as const, event: { text: t, messageId } });

/** An error event's body for a reply under the user message `u1`. */
const errorEvent = (text: string, conversationId: string, messageId: string) => ({
  text,
  conversationId,
  messageId,
  parentMessageId: 'u1',
});

describe('createReplyStream', () => {
  it('a new conversation: created moves the list to its id, deltas append, final replaces', () => {
    const lists = memoryLists({ new: [user, placeholder] });
    const stream = createReplyStream(lists, target);
    stream.apply({ kind: 'created', event: { created: true, message: { ...user, conversationId: 'c1' } } });
    expect(stream.conversationId).toBe('c1');
    expect(lists.get('new')).toEqual([]);
    stream.apply(text('Hel'));
    stream.apply(text('lo'));
    expect(stream.replyText()).toBe('Hello');
    expect(lists.get('c1').map((m) => m.conversationId)).toEqual(['c1', 'c1']);
    const final = testFinal({ messageId: 'u1_', text: 'Hello!' });
    expect(stream.apply({ kind: 'final', event: final })).toBe('final');
    expect(lists.get('c1').map((m) => [m.messageId, m.text])).toEqual([
      ['u1', 'Hi'],
      ['u1_', 'Hello!'],
    ]);
    expect(stream.final).toBe(final);
  });

  it("follows the server's reply id when it differs from the placeholder", () => {
    const lists = memoryLists({ new: [user, placeholder] });
    const stream = createReplyStream(lists, target);
    stream.apply(text('A', 'srv'));
    stream.apply(text('B', 'srv'));
    expect(stream.replyId).toBe('srv');
    expect(lists.get('new').map((m) => [m.messageId, m.text])).toEqual([
      ['u1', 'Hi'],
      ['srv', 'AB'],
    ]);
  });

  it('an error event: the error reply under the user message, the list moved to the returned id', () => {
    const lists = memoryLists({ new: [user, placeholder] });
    const stream = createReplyStream(lists, target);
    const payload = errorEvent('{"type":"moderation"}', 'c9', 'r9');
    expect(stream.apply({ kind: 'error', event: payload })).toBe('error');
    expect(stream.conversationId).toBe('c9');
    expect(stream.replyId).toBe('r9');
    expect(lists.get('c9')[1]).toMatchObject({ messageId: 'r9', error: true, text: '{"type":"moderation"}' });
    expect(stream.error).toEqual(payload);
  });

  it('an error event after some text keeps the text, unfinished, with the error beside it', () => {
    const lists = memoryLists({ new: [user, placeholder] });
    const stream = createReplyStream(lists, target);
    stream.apply({ kind: 'created', event: { created: true, message: { ...user, conversationId: 'c1' } } });
    stream.apply(text('tok1 tok2 '));
    const payload = errorEvent('{"type":"upstream_error"}', 'c1', 'u1_');
    expect(stream.apply({ kind: 'error', event: payload })).toBe('error');
    const reply = lists.get('c1')[1]!;
    expect(reply).toMatchObject({ text: 'tok1 tok2 ', error: true, unfinished: true });
    expect(errorTextOf(reply)).toBe('{"type":"upstream_error"}');
  });

  it('a refused send: the error shows and the messages the server never saved are marked so', () => {
    const saved = testMessage('a0', { conversationId: 'c1' });
    const asked = { ...user, conversationId: 'c1', parentMessageId: 'a0' };
    const lists = memoryLists({ c1: [saved, asked, { ...placeholder, conversationId: 'c1' }] });
    const stream = createReplyStream(lists, { ...target, conversationId: 'c1' });
    stream.refuse('{"type":"message_limit"}', true);
    expect(lists.get('c1').map((m) => [m.messageId, m.error, isLocalOnly(m)])).toEqual([
      ['a0', false, false],
      ['u1', false, true],
      ['u1_', true, true],
    ]);
    // Settled, they take a date: a later question to the same parent sorts after them.
    expect(
      lists
        .get('c1')
        .slice(1)
        .every((m) => m.createdAt !== ''),
    ).toBe(true);
    // A regenerate's question was saved before: only the reply is marked.
    const again = memoryLists({ c1: [saved, asked, { ...placeholder, conversationId: 'c1' }] });
    createReplyStream(again, { ...target, conversationId: 'c1' }).refuse('{"type":"message_limit"}', false);
    expect(again.get('c1').map(isLocalOnly)).toEqual([false, false, true]);
  });

  it('no data: the placeholder becomes Error connecting to server', () => {
    const lists = memoryLists({ new: [user, placeholder] });
    const stream = createReplyStream(lists, target);
    stream.failToConnect();
    expect(lists.get('new')[1]).toMatchObject({
      messageId: 'u1_',
      error: true,
      text: '{"type":"connection_error"}',
    });
  });

  it('a continue appends to the existing AI message', () => {
    const ai = testMessage('a1', { parentMessageId: 'u1', text: 'Once' });
    const lists = memoryLists({ c1: [user, ai] });
    const stream = createReplyStream(lists, { ...target, conversationId: 'c1', replyId: 'a1' });
    stream.apply(text(' upon', 'a1'));
    expect(lists.get('c1')[1]!.text).toBe('Once upon');
  });

  it('resumed after a reload: the saved text and the replayed deltas make the text once', () => {
    const saved = testMessage('r1', { parentMessageId: 'u1', text: 'tok1 tok2 ', unfinished: true });
    const lists = memoryLists({ c1: [user, saved] });
    const stream = createReplyStream(lists, {
      conversationId: 'c1',
      replyId: 'r1',
      userMessageId: 'u1',
      sender: 'GPT',
      resumed: true,
    });
    stream.apply({ kind: 'created', event: { created: true, message: { ...user, conversationId: 'c1' } } });
    for (const t of ['tok1 ', 'tok2 ', 'tok3 ', 'tok4 ']) stream.apply(text(t, 'r1'));
    expect(stream.replyText()).toBe('tok1 tok2 tok3 tok4 ');
  });

  it('resumed: follows the running reply even when another unfinished message was guessed', () => {
    const old = testMessage('old', { parentMessageId: 'u1', text: 'stopped earlier', unfinished: true });
    const running = testMessage('r2', { parentMessageId: 'u1', text: 'tok1 ', unfinished: true });
    const lists = memoryLists({ c1: [user, old, running] });
    const stream = createReplyStream(lists, {
      conversationId: 'c1',
      replyId: 'old',
      userMessageId: 'u1',
      sender: 'GPT',
      resumed: true,
    });
    stream.apply(text('tok1 ', 'r2'));
    stream.apply(text('tok2 ', 'r2'));
    expect(lists.get('c1').map((m) => m.text)).toEqual(['Hi', 'stopped earlier', 'tok1 tok2 ']);
  });

  it('finalises from an abort answer and patches the reply', () => {
    const lists = memoryLists({
      c1: [
        { ...user, conversationId: 'c1' },
        { ...placeholder, conversationId: 'c1' },
      ],
    });
    const stream = createReplyStream(lists, { ...target, conversationId: 'c1' });
    stream.apply(text('partial'));
    stream.patchReply({ unfinished: true });
    expect(lists.get('c1')[1]!.unfinished).toBe(true);
    stream.finalise(testFinal({ messageId: 'u1_', text: 'partial', unfinished: true }));
    expect(lists.get('c1')[1]).toMatchObject({ text: 'partial', unfinished: true });
  });
});

describe('a stream as the server frames it: no event line, messageId on the first delta only', () => {
  /** Feeds raw SSE text through the parser and the event reader into the reply stream. */
  const feed = (stream: ReturnType<typeof createReplyStream>, raw: string) => {
    const parser = createSseParser((frame) => stream.apply(readChatEvent(frame)));
    parser.push(raw);
    return parser;
  };
  const delta = (id: number, body: Record<string, string>) => `id: ${id}\ndata: ${JSON.stringify(body)}\n\n`;

  it('later deltas without messageId go into the message the first one named', () => {
    const lists = memoryLists({ new: [user, placeholder] });
    const stream = createReplyStream(lists, target);
    const created = { created: true, message: { ...user, conversationId: 'c1' } };
    const parser = feed(
      stream,
      `id: 1\ndata: ${JSON.stringify(created)}\n\n` +
        delta(2, { text: 'Hel', messageId: 'srv' }) +
        delta(3, { text: 'lo' }) +
        delta(4, { text: ', you' }),
    );
    expect(stream.replyId).toBe('srv');
    expect(lists.get('c1').map((m) => [m.messageId, m.text])).toEqual([
      ['u1', 'Hi'],
      ['srv', 'Hello, you'],
    ]);
    expect(parser.lastEventId).toBe('4');
  });

  it('resumed mid-reply: the first delta received names the running reply, the rest follow it', () => {
    const old = testMessage('old', { parentMessageId: 'u1', text: 'stopped earlier', unfinished: true });
    const running = testMessage('r2', { parentMessageId: 'u1', text: 'tok1 tok2 ', unfinished: true });
    const lists = memoryLists({ c1: [user, old, running] });
    const stream = createReplyStream(lists, {
      conversationId: 'c1',
      replyId: 'old',
      userMessageId: 'u1',
      sender: 'GPT',
      resumed: true,
    });
    // Joined after id 3: the server adds the messageId to the first delta this connection gets.
    feed(
      stream,
      delta(4, { text: 'tok2 ', messageId: 'r2' }) + delta(5, { text: 'tok3 ' }) + delta(6, { text: 'tok4' }),
    );
    expect(stream.replyId).toBe('r2');
    expect(lists.get('c1').map((m) => m.text)).toEqual(['Hi', 'stopped earlier', 'tok1 tok2 tok3 tok4']);
  });
});
