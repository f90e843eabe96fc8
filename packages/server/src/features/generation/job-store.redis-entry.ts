import { CHAT_STREAM_EVENT_KINDS, sseEventNameOf, type ChatStreamEventKind } from '@parley/shared';
import type { StoredEvent } from './job-store';

/**
 * A job event as a Redis stream entry: `e` (the SSE event name) and `d` (the body) at fields 1 and 3, where
 * instances from before event kinds read them, so a rolling upgrade keeps streams readable both ways; then `k`,
 * the kind, which is what this version reads.
 */
export const entryFields = (event: StoredEvent): [string, string, string, string, string, string] => [
  'e',
  sseEventNameOf(event.kind),
  'd',
  event.data,
  'k',
  event.kind,
];

const KINDS = new Set<string>(CHAT_STREAM_EVENT_KINDS);

/** The stored event of a stream entry's fields (`[name, value, name, value, …]`). */
export function fromEntry(id: string, fields: readonly string[]): StoredEvent {
  const data = fields[3] ?? '';
  const kind = fields[5];
  if (kind !== undefined && KINDS.has(kind)) return { id, kind: kind as ChatStreamEventKind, data };
  return { id, kind: legacyKind(fields[1], data), data };
}

/**
 * The kind of an entry an instance from before event kinds wrote (it lives at most the job's lease, so only during
 * a rolling upgrade): read from the body's own flags, the only place that version kept it. Remove once no
 * supported version writes entries without `k`.
 */
function legacyKind(event: string | undefined, data: string): ChatStreamEventKind {
  if (event === 'error') return 'error';
  try {
    const body = JSON.parse(data) as Record<string, unknown>;
    if (body.created === true) return 'created';
    if (body.final === true) return 'final';
    if (typeof body.type === 'string') return 'part';
  } catch {
    // Not JSON: passed on as text, as that version would have.
  }
  return 'text';
}
