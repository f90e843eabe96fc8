import { describe, expect, it } from 'vitest';
import { NIL_UUID, type Message } from '@parley/shared';
import { buildMessageTree, selectedIndex, visibleBranch } from './message-tree';

let clock = Date.parse('2024-05-01T10:00:00.000Z');

/** A message created one second after the previous one, unless `createdAt` is given. */
function msg(messageId: string, parentMessageId: string, extra: Partial<Message> = {}): Message {
  clock += 1000;
  const at = new Date(clock).toISOString();
  return {
    messageId,
    parentMessageId,
    conversationId: 'c1',
    sender: extra.isCreatedByUser ? 'User' : 'ChatGPT',
    text: messageId,
    isCreatedByUser: false,
    error: false,
    unfinished: false,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}
const user = (id: string, parent: string, extra: Partial<Message> = {}) =>
  msg(id, parent, { isCreatedByUser: true, ...extra });

const ids = (branch: { message: Message }[]) => branch.map((n) => n.message.messageId);

describe('visibleBranch', () => {
  it('follows a linear conversation from the root to the leaf', () => {
    const messages = [user('u1', NIL_UUID), msg('a1', 'u1'), user('u2', 'a1'), msg('a2', 'u2')];
    const branch = visibleBranch(messages);
    expect(ids(branch)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(branch.every((n) => n.siblingCount === 1 && n.siblingIndex === 0)).toBe(true);
    expect(visibleBranch([])).toEqual([]);
  });

  it('shows the latest regenerated reply by default, with its siblings in creation order', () => {
    const messages = [user('u1', NIL_UUID), msg('a1', 'u1'), msg('a1b', 'u1'), msg('a1c', 'u1')];
    const [, reply] = visibleBranch(messages);
    expect(reply).toMatchObject({ siblingIndex: 2, siblingCount: 3 });
    expect(reply!.message.messageId).toBe('a1c');
    expect(reply!.siblings.map((m) => m.messageId)).toEqual(['a1', 'a1b', 'a1c']);
  });

  it('follows a selected sibling and the subtree under it', () => {
    // Editing the first question made a sibling question with its own reply.
    const messages = [
      user('q', NIL_UUID),
      msg('q-a', 'q'),
      user('q-follow', 'q-a'),
      user('q2', NIL_UUID),
      msg('q2-a', 'q2'),
    ];
    expect(ids(visibleBranch(messages))).toEqual(['q2', 'q2-a']);
    const first = visibleBranch(messages, { [NIL_UUID]: { index: 0, count: 2 } });
    expect(ids(first)).toEqual(['q', 'q-a', 'q-follow']);
    expect(first[0]).toMatchObject({ siblingIndex: 0, siblingCount: 2 });
  });

  it('resets a selection to the latest when that parent’s sibling count changes', () => {
    const two = [user('u1', NIL_UUID), msg('a1', 'u1'), msg('a2', 'u1')];
    const selection = { u1: { index: 0, count: 2 } };
    expect(ids(visibleBranch(two, selection))).toEqual(['u1', 'a1']);
    const three = [...two, msg('a3', 'u1')];
    const branch = visibleBranch(three, selection);
    expect(ids(branch)).toEqual(['u1', 'a3']);
    expect(branch[1]).toMatchObject({ siblingIndex: 2, siblingCount: 3 });
  });

  it('ignores a selection that is out of range', () => {
    const messages = [user('u1', NIL_UUID), msg('a1', 'u1'), msg('a2', 'u1')];
    expect(ids(visibleBranch(messages, { u1: { index: 7, count: 2 } }))).toEqual(['u1', 'a2']);
  });

  it('drops duplicates by messageId, keeping the first occurrence', () => {
    const first = msg('a1', 'u1', { text: 'first' });
    const messages = [user('u1', NIL_UUID), first, { ...first, text: 'again' }];
    const branch = visibleBranch(messages);
    expect(branch).toHaveLength(2);
    expect(branch[1]).toMatchObject({ siblingCount: 1 });
    expect(branch[1]!.message.text).toBe('first');
  });

  it('attaches a message whose parent is missing to the root rather than losing it', () => {
    const messages = [user('u1', NIL_UUID), msg('a1', 'u1'), msg('orphan', 'gone')];
    const branch = visibleBranch(messages);
    expect(branch[0]).toMatchObject({ siblingCount: 2 });
    expect(branch[0]!.message.messageId).toBe('orphan');
    expect(ids(visibleBranch(messages, { [NIL_UUID]: { index: 0, count: 2 } }))).toEqual(['u1', 'a1']);
  });

  it('breaks parent loops and self-parents instead of hiding them or looping forever', () => {
    const messages = [msg('x', 'y'), msg('y', 'x'), msg('self', 'self')];
    const tree = buildMessageTree(messages);
    const roots = tree.get(NIL_UUID)!.map((m) => m.messageId);
    expect(roots).toContain('self');
    expect(roots.filter((id) => id === 'x' || id === 'y')).toHaveLength(1);
    const all = [...tree.values()].flat().map((m) => m.messageId);
    expect(all.sort()).toEqual(['self', 'x', 'y']);
  });

  it('orders siblings by createdAt, then by their order in the list', () => {
    const at = '2024-05-02T00:00:00.000Z';
    const messages = [
      user('u1', NIL_UUID),
      msg('late', 'u1', { createdAt: '2024-05-03T00:00:00.000Z' }),
      msg('tie-1', 'u1', { createdAt: at }),
      msg('tie-2', 'u1', { createdAt: at }),
      // A client placeholder without a date is the newest.
      msg('placeholder_', 'u1', { createdAt: '' }),
    ];
    const siblings = buildMessageTree(messages)
      .get('u1')!
      .map((m) => m.messageId);
    expect(siblings).toEqual(['tie-1', 'tie-2', 'late', 'placeholder_']);
  });
});

describe('selectedIndex', () => {
  it('keeps a current choice and falls back to the latest otherwise', () => {
    expect(selectedIndex(undefined, 3)).toBe(2);
    expect(selectedIndex({ index: 1, count: 3 }, 3)).toBe(1);
    expect(selectedIndex({ index: 1, count: 2 }, 3)).toBe(2);
    expect(selectedIndex({ index: -1, count: 3 }, 3)).toBe(2);
  });
});
