import { describe, expect, it } from 'vitest';
import { dateGroupKey, dateGroupOf, groupConversationsByDate } from './date-groups';

// Local times, so the rule is checked in the calendar it uses whatever the machine's time zone.
const now = new Date(2024, 5, 15, 10, 30); // 15 June 2024, 10:30
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m, d, h).toISOString();

describe('dateGroupOf', () => {
  it('puts today (and a time in the future) in today', () => {
    expect(dateGroupOf(at(2024, 5, 15, 0), now)).toEqual({ kind: 'today' });
    expect(dateGroupOf(new Date(2024, 5, 15, 0, 0, 0, 0), now)).toEqual({ kind: 'today' });
    expect(dateGroupOf(at(2024, 5, 16), now)).toEqual({ kind: 'today' });
  });

  it('splits yesterday at local midnight', () => {
    expect(dateGroupOf(new Date(2024, 5, 14, 23, 59, 59), now)).toEqual({ kind: 'yesterday' });
    expect(dateGroupOf(new Date(2024, 5, 14, 0, 0, 0), now)).toEqual({ kind: 'yesterday' });
    expect(dateGroupOf(new Date(2024, 5, 13, 23, 59, 59), now)).toEqual({ kind: 'previous7' });
  });

  it('keeps the previous 7 and 30 days apart', () => {
    expect(dateGroupOf(at(2024, 5, 8, 0), now)).toEqual({ kind: 'previous7' });
    expect(dateGroupOf(new Date(2024, 5, 7, 23, 0), now)).toEqual({ kind: 'previous30' });
    expect(dateGroupOf(at(2024, 4, 16, 0), now)).toEqual({ kind: 'previous30' });
    expect(dateGroupOf(new Date(2024, 4, 15, 23, 0), now)).toEqual({ kind: 'month', month: 4, year: 2024 });
  });

  it('names the month this year and the year before that', () => {
    expect(dateGroupOf(at(2024, 0, 1), now)).toEqual({ kind: 'month', month: 0, year: 2024 });
    expect(dateGroupOf(at(2023, 11, 31), now)).toEqual({ kind: 'year', year: 2023 });
    expect(dateGroupOf(at(2019, 6, 4), now)).toEqual({ kind: 'year', year: 2019 });
  });

  it('counts the previous 30 days across a year boundary before naming a year', () => {
    const early = new Date(2024, 0, 5, 9);
    expect(dateGroupOf(at(2023, 11, 31), early)).toEqual({ kind: 'previous7' });
    expect(dateGroupOf(at(2023, 11, 10), early)).toEqual({ kind: 'previous30' });
    expect(dateGroupOf(at(2023, 10, 20), early)).toEqual({ kind: 'year', year: 2023 });
  });

  it('treats an unreadable date as the oldest', () => {
    expect(dateGroupOf('not a date', now)).toEqual({ kind: 'year', year: new Date(0).getFullYear() });
  });
});

describe('dateGroupKey', () => {
  it('is unique per group', () => {
    const keys = [
      { kind: 'today' },
      { kind: 'yesterday' },
      { kind: 'previous7' },
      { kind: 'previous30' },
      { kind: 'month', month: 3, year: 2024 },
      { kind: 'month', month: 4, year: 2024 },
      { kind: 'year', year: 2023 },
    ] as const;
    expect(new Set(keys.map(dateGroupKey)).size).toBe(keys.length);
    expect(dateGroupKey({ kind: 'month', month: 3, year: 2024 })).toBe('month-2024-3');
  });
});

describe('groupConversationsByDate', () => {
  const convo = (id: string, updatedAt: string) => ({ conversationId: id, updatedAt, title: id });

  it('groups newest first in the documented order', () => {
    const groups = groupConversationsByDate(
      [
        convo('old', at(2021, 2, 3)),
        convo('march', at(2024, 2, 3)),
        convo('today-early', at(2024, 5, 15, 1)),
        convo('week', at(2024, 5, 10)),
        convo('yesterday', at(2024, 5, 14)),
        convo('today-late', at(2024, 5, 15, 9)),
        convo('month', at(2024, 4, 20)),
        convo('april', at(2024, 3, 1)),
      ],
      now,
    );
    expect(groups.map((g) => [g.key, g.conversations.map((c) => c.conversationId)])).toEqual([
      ['today', ['today-late', 'today-early']],
      ['yesterday', ['yesterday']],
      ['previous7', ['week']],
      ['previous30', ['month']],
      ['month-2024-3', ['april']],
      ['month-2024-2', ['march']],
      ['year-2021', ['old']],
    ]);
    expect(groups[4]!.group).toEqual({ kind: 'month', month: 3, year: 2024 });
  });

  it('drops duplicates by conversationId, keeping the newest copy', () => {
    const groups = groupConversationsByDate(
      [convo('a', at(2024, 5, 1)), convo('b', at(2024, 5, 15, 9)), convo('a', at(2024, 5, 15, 10))],
      now,
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]!.conversations.map((c) => [c.conversationId, c.updatedAt])).toEqual([
      ['a', at(2024, 5, 15, 10)],
      ['b', at(2024, 5, 15, 9)],
    ]);
  });

  it('keeps the input order for equal times (stable)', () => {
    const same = at(2024, 5, 15, 8);
    const ids = ['x', 'y', 'z', 'w'];
    const groups = groupConversationsByDate(
      ids.map((id) => convo(id, same)),
      now,
    );
    expect(groups[0]!.conversations.map((c) => c.conversationId)).toEqual(ids);
  });

  it('returns no groups for no conversations, and keeps the items it is given', () => {
    expect(groupConversationsByDate([], now)).toEqual([]);
    const item = convo('k', at(2024, 5, 15));
    expect(groupConversationsByDate([item], now)[0]!.conversations[0]).toBe(item);
  });
});
