/**
 * A date group of the conversation list (docs/reference/conversations.md (The sidebar list)). The UI translates the
 * fixed ones and formats `month` (0..11) and `year` with Intl in the interface language.
 */
export type DateGroup =
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'previous7' }
  | { kind: 'previous30' }
  | { kind: 'month'; month: number; year: number }
  | { kind: 'year'; year: number };

/** What grouping needs of a conversation. */
export interface DatedConversation {
  conversationId: string;
  updatedAt: string;
}

/** One group of the list, its conversations newest first. */
export interface ConversationGroup<T> {
  /** Stable and unique among the groups (a React key, an element id). */
  key: string;
  group: DateGroup;
  conversations: T[];
}

/** Local midnight `days` calendar days before `now` (DST-safe: built from calendar fields, not milliseconds). */
function startOfDay(now: Date, days = 0): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days).getTime();
}

/** Milliseconds of an ISO date; an unreadable one counts as the oldest possible, so it sorts last. */
function timeOf(iso: string): number {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 0 : time;
}

/**
 * The group of one update time, in the local calendar of `now`: today, yesterday, the 7 and 30 days before
 * that, then the month (this year only), then the year. A time in the future counts as today (clock skew).
 */
export function dateGroupOf(updatedAt: string | Date, now: Date = new Date()): DateGroup {
  const time = typeof updatedAt === 'string' ? timeOf(updatedAt) : updatedAt.getTime();
  if (time >= startOfDay(now)) return { kind: 'today' };
  if (time >= startOfDay(now, 1)) return { kind: 'yesterday' };
  if (time >= startOfDay(now, 7)) return { kind: 'previous7' };
  if (time >= startOfDay(now, 30)) return { kind: 'previous30' };
  const date = new Date(time);
  if (date.getFullYear() === now.getFullYear()) {
    return { kind: 'month', month: date.getMonth(), year: date.getFullYear() };
  }
  return { kind: 'year', year: date.getFullYear() };
}

/** The unique key of a group. */
export function dateGroupKey(group: DateGroup): string {
  if (group.kind === 'month') return `month-${group.year}-${group.month}`;
  if (group.kind === 'year') return `year-${group.year}`;
  return group.kind;
}

/**
 * Groups conversations by update date, newest first. Only the newest copy of a conversationId is kept (a
 * conversation moved to the top can still sit on a later page); equal times keep their input order.
 */
export function groupConversationsByDate<T extends DatedConversation>(
  conversations: readonly T[],
  now: Date = new Date(),
): ConversationGroup<T>[] {
  const sorted = conversations
    .map((conversation, index) => ({ conversation, index, time: timeOf(conversation.updatedAt) }))
    .sort((a, b) => b.time - a.time || a.index - b.index);
  const seen = new Set<string>();
  const groups = new Map<string, ConversationGroup<T>>();
  for (const { conversation, time } of sorted) {
    if (seen.has(conversation.conversationId)) continue;
    seen.add(conversation.conversationId);
    const group = dateGroupOf(new Date(time), now);
    const key = dateGroupKey(group);
    const existing = groups.get(key);
    if (existing) existing.conversations.push(conversation);
    else groups.set(key, { key, group, conversations: [conversation] });
  }
  return [...groups.values()];
}
