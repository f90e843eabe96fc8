import { describe, expect, it } from 'vitest';
import type { ChatContentEvent, Conversation, Message } from '@parley/shared';
import {
  adoptReplyId,
  appendText,
  applyContent,
  applyCreated,
  applyErrorReply,
  applyFinal,
  errorTextOf,
  markReply,
  placeholderIdOf,
  setText,
} from './message-updates';

const NOW = '2024-01-01T00:00:00.000Z';

function msg(messageId: string, patch: Partial<Message> = {}): Message {
  return {
    messageId,
    conversationId: 'new',
    parentMessageId: '00000000-0000-0000-0000-000000000000',
    sender: 'User',
    text: '',
    isCreatedByUser: false,
    error: false,
    unfinished: false,
    createdAt: NOW,
    updatedAt: NOW,
    ...patch,
  };
}

const conversation = { conversationId: 'c1', title: 'New Chat', endpoint: 'openAI' } as Conversation;
const user = msg('u1', { isCreatedByUser: true, text: 'Hi' });
const placeholder = msg(placeholderIdOf('u1'), { parentMessageId: 'u1', sender: 'GPT' });

describe('message updates', () => {
  it('names the placeholder after the request id', () => {
    expect(placeholderIdOf('abc')).toBe('abc_');
  });

  it('created: replaces the local user message and gives every message the conversation id', () => {
    const saved = { ...user, conversationId: 'c1', createdAt: 'later' };
    const next = applyCreated([user, placeholder], { created: true, message: saved });
    expect(next.map((m) => [m.messageId, m.conversationId])).toEqual([
      ['u1', 'c1'],
      ['u1_', 'c1'],
    ]);
    expect(next[0]!.createdAt).toBe('later');
  });

  it('text: appends deltas to the reply only', () => {
    let list = [user, placeholder];
    list = appendText(list, 'u1_', 'Hel');
    list = appendText(list, 'u1_', 'lo');
    expect(list[1]!.text).toBe('Hello');
    expect(list[0]!.text).toBe('Hi');
    expect(appendText(list, 'u1_', '')).toBe(list);
    expect(setText(list, 'u1_', 'X')[1]!.text).toBe('X');
  });

  it('adopts the server reply id in place, once', () => {
    const list = adoptReplyId([user, placeholder], 'u1_', 'r9');
    expect(list.map((m) => m.messageId)).toEqual(['u1', 'r9']);
    expect(adoptReplyId(list, 'r9', 'r9')).toBe(list);
  });

  it('content: sets typed parts at their index and grows streamed text parts', () => {
    const part = (value: string, stream?: boolean): ChatContentEvent =>
      ({ type: 'text', text: { value }, index: 0, messageId: 'u1_', stream }) as ChatContentEvent;
    let list = applyContent([user, placeholder], 'u1_', part('A', true));
    list = applyContent(list, 'u1_', part('B', true));
    expect(list[1]!.content).toEqual([{ type: 'text', text: { value: 'AB' } }]);
    const tool = {
      type: 'tool_call',
      tool_call: { id: 't', type: 'function', name: 'search' },
      index: 1,
      messageId: 'u1_',
    } as ChatContentEvent;
    list = applyContent(list, 'u1_', tool);
    expect(list[1]!.content?.[1]).toEqual({
      type: 'tool_call',
      tool_call: { id: 't', type: 'function', name: 'search' },
    });
    list = applyContent(list, 'u1_', part('whole'));
    expect(list[1]!.content?.[0]).toEqual({ type: 'text', text: { value: 'whole' } });
  });

  it('content: a tool step takes the text written before it into the text part it follows', () => {
    const step = (index: number, id: string, output: string | null): ChatContentEvent =>
      ({
        type: 'tool_call',
        tool_call: { id, type: 'function', name: 'calculator', output, progress: output === null ? 0 : 1 },
        index,
        messageId: 'u1_',
      }) as ChatContentEvent;
    let list = appendText([user, placeholder], 'u1_', 'Let me see. ');
    list = applyContent(list, 'u1_', step(1, 'a', null));
    list = applyContent(list, 'u1_', step(2, 'b', null));
    list = applyContent(list, 'u1_', step(1, 'a', '42'));
    expect(list[1]!.content?.map((p) => p.type)).toEqual(['text', 'tool_call', 'tool_call']);
    expect(list[1]!.content?.[0]).toEqual({ type: 'text', text: { value: 'Let me see. ' } });
    // The text of the next model call, then its step: the text since the last part fills the hole before it.
    list = appendText(list, 'u1_', 'Now: ');
    list = applyContent(list, 'u1_', step(4, 'c', null));
    expect(list[1]!.content?.[3]).toEqual({ type: 'text', text: { value: 'Now: ' } });
    // A first step without text before it, and a step right after another, fill nothing.
    const bare = applyContent([user, placeholder], 'u1_', step(0, 'a', null));
    expect(bare[1]!.content).toHaveLength(1);
    const next = applyContent(bare, 'u1_', step(1, 'b', null));
    expect(next[1]!.content?.map((p) => p.type)).toEqual(['tool_call', 'tool_call']);
  });

  it('final: the server versions replace both, the placeholder gives way in place', () => {
    const older = msg('old', { conversationId: 'c1' });
    const request = { ...user, conversationId: 'c1' };
    const response = msg('r1', { conversationId: 'c1', parentMessageId: 'u1', text: 'Done' });
    const next = applyFinal(
      [older, user, { ...placeholder, text: 'Do' }],
      { final: true, conversation, requestMessage: request, responseMessage: response },
      'u1_',
    );
    expect(next.map((m) => m.messageId)).toEqual(['old', 'u1', 'r1']);
    expect(next[2]!.text).toBe('Done');
    expect(next.every((m) => m.conversationId === 'c1')).toBe(true);
  });

  it('final of a continue replaces the same AI message', () => {
    const ai = msg('a1', { conversationId: 'c1', text: 'Once', unfinished: true });
    const done = { ...ai, text: 'Once upon', unfinished: false, isEdited: true };
    const next = applyFinal(
      [user, ai],
      { final: true, conversation, requestMessage: user, responseMessage: done },
      'a1',
    );
    expect(next).toHaveLength(2);
    expect(next[1]).toMatchObject({ text: 'Once upon', isEdited: true });
  });

  it('marks a reply with flags', () => {
    const next = markReply([user, placeholder], 'u1_', { unfinished: true });
    expect(next[1]!.unfinished).toBe(true);
  });

  it('error with a payload: the error reply takes the server ids and conversation', () => {
    const next = applyErrorReply(
      [user, placeholder],
      {
        replyId: 'u1_',
        parentMessageId: 'u1',
        conversationId: 'new',
        sender: 'GPT',
        text: '{"type":"invalid_api_key"}',
        now: NOW,
      },
      { text: '{"type":"invalid_api_key"}', conversationId: 'c7', messageId: 'r5', parentMessageId: 'u1' },
    );
    expect(next.map((m) => m.messageId)).toEqual(['u1', 'r5']);
    expect(next[1]).toMatchObject({ error: true, text: '{"type":"invalid_api_key"}', sender: 'GPT' });
    expect(next.every((m) => m.conversationId === 'c7')).toBe(true);
  });

  it('a provider error after some text keeps the partial reply (unfinished) and holds the error beside it', () => {
    const input = {
      replyId: 'u1_',
      parentMessageId: 'u1',
      conversationId: 'c1',
      sender: 'GPT',
      text: '{"type":"upstream_error"}',
      now: NOW,
      keepPartial: true,
    };
    const partial = { ...placeholder, text: 'tok1 tok2 ' };
    const next = applyErrorReply([user, partial], input);
    expect(next[1]).toMatchObject({ text: 'tok1 tok2 ', error: true, unfinished: true });
    expect(errorTextOf(next[1]!)).toBe('{"type":"upstream_error"}');
    // No text yet: just the error, as before.
    const empty = applyErrorReply([user, placeholder], input);
    expect(empty[1]).toMatchObject({ text: '{"type":"upstream_error"}', error: true, unfinished: false });
    expect(errorTextOf(empty[1]!)).toBeUndefined();
    // A failure that is not the provider's (a failed stop) replaces the text, as before.
    const replaced = applyErrorReply([user, partial], { ...input, keepPartial: false });
    expect(replaced[1]).toMatchObject({ text: '{"type":"upstream_error"}', unfinished: false });
  });

  it('error with no data: the placeholder becomes the error message', () => {
    const next = applyErrorReply([user, placeholder], {
      replyId: 'u1_',
      parentMessageId: 'u1',
      conversationId: 'new',
      sender: 'GPT',
      text: 'Error connecting to server',
      now: NOW,
    });
    expect(next[1]).toMatchObject({ messageId: 'u1_', error: true, text: 'Error connecting to server' });
    // Without a placeholder (it was never added) the error message is appended.
    const appended = applyErrorReply([user], {
      replyId: 'x_',
      parentMessageId: 'u1',
      conversationId: 'new',
      sender: 'GPT',
      text: 'boom',
      now: NOW,
    });
    expect(appended[1]).toMatchObject({ messageId: 'x_', parentMessageId: 'u1', isCreatedByUser: false });
  });
});
