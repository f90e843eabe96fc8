import { describe, expect, it } from 'vitest';
import { readSyncFrame } from './sync-feed';
import { followedPlaceholder } from './stream/followed-reply';

const started = {
  sync: true,
  state: 'started',
  conversationId: 'c1',
  requestMessageId: 'q1',
  responseMessageId: 'r1',
  sender: 'GPT-4',
  endpoint: 'openAI',
} as const;

describe('reply feed frames', () => {
  it('reads a sync frame', () => {
    expect(readSyncFrame(JSON.stringify(started))).toEqual(started);
  });

  it('skips what is not one: malformed JSON, another shape, an unknown state', () => {
    expect(readSyncFrame('{')).toBeNull();
    expect(readSyncFrame(JSON.stringify({ text: 'hi' }))).toBeNull();
    expect(readSyncFrame(JSON.stringify({ ...started, state: 'paused' }))).toBeNull();
  });

  it("makes the followed reply's placeholder: the server's id under the question, empty and unfinished", () => {
    expect(followedPlaceholder(started)).toMatchObject({
      messageId: 'r1',
      parentMessageId: 'q1',
      conversationId: 'c1',
      sender: 'GPT-4',
      endpoint: 'openAI',
      text: '',
      isCreatedByUser: false,
      unfinished: true,
      error: false,
    });
  });
});
