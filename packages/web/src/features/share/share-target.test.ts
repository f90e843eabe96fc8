import { describe, expect, it } from 'vitest';
import { NIL_UUID, type Message } from '@parley/shared';
import { shareTarget } from './share-target';

let clock = 0;
const message = (messageId: string, parentMessageId: string = NIL_UUID, extra: object = {}): Message => ({
  messageId,
  parentMessageId,
  conversationId: 'c',
  sender: 'User',
  text: messageId,
  isCreatedByUser: true,
  error: false,
  unfinished: false,
  createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, ++clock)).toISOString(),
  updatedAt: '',
  ...extra,
});

// q1 → a1, then an edit: q1b → a1b (the newer branch, which the web shows by default).
const messages = [message('q1'), message('a1', 'q1'), message('q1b'), message('a1b', 'q1b')];

describe('the target a share of the open conversation names', () => {
  it('is none for the branch the web shows by default: the server finds that one itself', () => {
    expect(shareTarget(messages, {})).toBeUndefined();
    // A choice of the latest sibling is the default branch too.
    expect(shareTarget(messages, { [NIL_UUID]: { index: 1, count: 2 } })).toBeUndefined();
    expect(shareTarget(undefined, {})).toBeUndefined();
    expect(shareTarget([], {})).toBeUndefined();
  });

  it('is the last message on screen when the user switched to an older branch', () => {
    expect(shareTarget(messages, { [NIL_UUID]: { index: 0, count: 2 } })).toBe('a1');
  });

  it('leaves out messages that were never saved (a refused send)', () => {
    const refused = message('q2', 'a1', { localOnly: true });
    expect(shareTarget([...messages, refused], { [NIL_UUID]: { index: 0, count: 2 } })).toBe('a1');
  });
});
