import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../generation/job-store';
import { wholeTextFrames } from './whole-text-frames';

const event = (data: unknown, kind: StoredEvent['kind'] = 'text'): StoredEvent => ({
  id: '1',
  kind,
  data: JSON.stringify(data),
});

describe('wholeTextFrames', () => {
  const reply = { messageId: 'r-1', parentMessageId: 'q-1', baseText: '', isEdited: false };

  it('turns each delta into the whole text so far, with the ids, initial on the first only', () => {
    const shape = wholeTextFrames('c-1', reply);
    const frames = [{ text: 'Hel', messageId: 'r-1' }, { text: 'lo' }, { text: ' "you"' }].map((d) =>
      JSON.parse(shape(event(d))),
    );
    expect(frames).toEqual([
      {
        message: true,
        text: 'Hel',
        messageId: 'r-1',
        parentMessageId: 'q-1',
        conversationId: 'c-1',
        initial: true,
      },
      { message: true, text: 'Hello', messageId: 'r-1', parentMessageId: 'q-1', conversationId: 'c-1' },
      { message: true, text: 'Hello "you"', messageId: 'r-1', parentMessageId: 'q-1', conversationId: 'c-1' },
    ]);
  });

  it("starts from a continue's earlier text", () => {
    const shape = wholeTextFrames('c-1', { ...reply, baseText: 'Once upon' });
    expect(JSON.parse(shape(event({ text: ' a time' }))).text).toBe('Once upon a time');
  });

  it('passes created, final and error events as they are', () => {
    const shape = wholeTextFrames('c-1', reply);
    for (const passed of [
      event({ created: true, message: { messageId: 'q-1' } }, 'created'),
      event({ final: true, conversation: {} }, 'final'),
      // Known by its kind, not by how its body begins.
      event({ text: 'a part whose body begins like a delta', index: 0 }, 'part'),
      event({ text: '{"type":"server_error"}', sender: 'GPT-4' }, 'error'),
    ]) {
      expect(shape(passed)).toBe(passed.data);
    }
  });
});
