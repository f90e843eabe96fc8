import { describe, expect, it } from 'vitest';
import type { Message } from '@parley/shared';
import { latestMessageErrored } from './latest-message';

const message = (id: string, createdAt: string, error = false): Message => ({
  messageId: id,
  conversationId: 'c',
  parentMessageId: '00000000-0000-0000-0000-000000000000',
  sender: 'User',
  text: id,
  isCreatedByUser: false,
  error,
  unfinished: false,
  createdAt,
  updatedAt: createdAt,
});

describe('latestMessageErrored', () => {
  it('is false without messages', () => {
    expect(latestMessageErrored(undefined)).toBe(false);
    expect(latestMessageErrored([])).toBe(false);
  });

  it('looks only at the newest message', () => {
    const old = message('a', '2024-01-01T00:00:00.000Z', true);
    const fine = message('b', '2024-01-01T00:00:01.000Z');
    expect(latestMessageErrored([old, fine])).toBe(false);
    expect(latestMessageErrored([fine, message('c', '2024-01-01T00:00:02.000Z', true)])).toBe(true);
    // Order in the list does not matter, only the time.
    expect(latestMessageErrored([message('c', '2024-01-01T00:00:02.000Z', true), fine])).toBe(true);
  });

  it('takes the later one of equal times', () => {
    const t = '2024-01-01T00:00:00.000Z';
    expect(latestMessageErrored([message('a', t), message('b', t, true)])).toBe(true);
  });
});

describe('latestMessageErrored on a long conversation', () => {
  it('reads a messages array once, and answers anew for the array that replaces it', () => {
    let reads = 0;
    const counted = (m: Message): Message =>
      Object.defineProperty({ ...m }, 'createdAt', {
        get: () => {
          reads += 1;
          return m.createdAt;
        },
      });
    const list = Array.from({ length: 50 }, (_, i) =>
      counted(message(`m${i}`, new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString())),
    );
    expect(latestMessageErrored(list)).toBe(false);
    const firstReads = reads;
    expect(firstReads).toBeGreaterThan(0);
    for (let i = 0; i < 20; i += 1) expect(latestMessageErrored(list)).toBe(false);
    expect(reads).toBe(firstReads);

    const replaced = [...list, message('err', '2024-01-01T00:01:00.000Z', true)];
    expect(latestMessageErrored(replaced)).toBe(true);
  });
});
