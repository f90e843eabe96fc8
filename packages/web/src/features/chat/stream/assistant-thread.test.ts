import { describe, expect, it } from 'vitest';
import { threadOf } from './assistant-thread';

describe('threadOf (docs/reference/assistants.md (Chatting with an assistant))', () => {
  const conversation = { endpoint: 'assistants', assistant_id: 'asst_1', thread_id: 'thread_1' };

  it("a new assistant conversation takes the thread (and assistant) its first reply's final event names", () => {
    expect(threadOf(conversation, { endpoint: 'assistants', assistant_id: 'asst_1' })).toEqual({
      assistant_id: 'asst_1',
      thread_id: 'thread_1',
    });
  });

  it('nothing changes when the setup already has them, or on another endpoint', () => {
    expect(threadOf(conversation, { ...conversation })).toBeNull();
    expect(threadOf({ endpoint: 'openAI', thread_id: 'thread_1' }, { endpoint: 'openAI' })).toBeNull();
    expect(threadOf({ endpoint: 'assistants' }, { endpoint: 'assistants' })).toBeNull();
  });
});
