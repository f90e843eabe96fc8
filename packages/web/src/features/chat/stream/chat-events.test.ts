import { describe, expect, it } from 'vitest';
import { readChatEvent } from './chat-events';
import { testFinal, testMessage } from './stream.test-helpers';

const frame = (data: unknown, event = 'message') => ({
  event,
  data: typeof data === 'string' ? data : JSON.stringify(data),
});

describe('readChatEvent', () => {
  it('tells created, text, content and final apart', () => {
    const message = testMessage('u1', { isCreatedByUser: true });
    expect(readChatEvent(frame({ created: true, message }))).toEqual({
      kind: 'created',
      event: { created: true, message },
    });
    expect(readChatEvent(frame({ text: 'He', messageId: 'r1' }))).toEqual({
      kind: 'text',
      event: { text: 'He', messageId: 'r1' },
    });
    const content = { type: 'text', text: { value: 'x' }, index: 0, messageId: 'r1', stream: true };
    expect(readChatEvent(frame(content))).toEqual({ kind: 'content', event: content });
    const final = testFinal();
    expect(readChatEvent(frame(final))).toEqual({ kind: 'final', event: final });
  });

  it('reads partial text from response and chunk too', () => {
    expect(readChatEvent(frame({ response: 'a', messageId: 'r' }))).toMatchObject({ kind: 'text' });
    expect(readChatEvent(frame({ chunk: 'b' }))).toEqual({
      kind: 'text',
      event: { text: 'b', messageId: '' },
    });
  });

  it('reads error events with their payload, or their raw text', () => {
    const payload = {
      text: '{"type":"moderation"}',
      conversationId: 'c1',
      messageId: 'r1',
      parentMessageId: 'u1',
    };
    expect(readChatEvent(frame(payload, 'error'))).toEqual({ kind: 'error', event: payload });
    expect(readChatEvent(frame('plain failure', 'error'))).toEqual({
      kind: 'error',
      event: { text: 'plain failure' },
    });
  });

  it('ignores sync, malformed and unknown events', () => {
    expect(readChatEvent(frame({ sync: true }))).toEqual({ kind: 'ignored' });
    expect(readChatEvent(frame('not json'))).toEqual({ kind: 'ignored' });
    expect(readChatEvent(frame({ final: true }))).toEqual({ kind: 'ignored' });
    expect(readChatEvent(frame([1, 2]))).toEqual({ kind: 'ignored' });
  });
});
