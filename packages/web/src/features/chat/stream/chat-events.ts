import {
  chatContentEventSchema,
  chatCreatedEventSchema,
  chatFinalEventSchema,
  chatStreamErrorSchema,
  type ChatContentEvent,
  type ChatCreatedEvent,
  type ChatFinalEvent,
  type ChatStreamError,
  type ChatTextEvent,
} from '@parley/shared';
import type { SseEvent } from './sse-parser';

/** A chat stream event, told apart by its shape (docs/reference/chat.md (Stream events), shared sse-events.ts). */
export type ChatEvent =
  | { kind: 'created'; event: ChatCreatedEvent }
  | { kind: 'text'; event: ChatTextEvent }
  | { kind: 'content'; event: ChatContentEvent }
  | { kind: 'final'; event: ChatFinalEvent }
  | { kind: 'error'; event: ChatStreamError }
  | { kind: 'ignored' };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads one SSE frame of a chat stream. Text deltas, the hot path, are checked by hand; the rare events go
 * through the shared schemas. `text`, `response` and `chunk` all carry partial text
 * (docs/reference/chat.md (Stream events)); events this client does not use (sync) and malformed ones are ignored.
 */
export function readChatEvent(frame: SseEvent): ChatEvent {
  let data: unknown;
  try {
    data = JSON.parse(frame.data);
  } catch {
    return frame.event === 'error' ? { kind: 'error', event: { text: frame.data } } : { kind: 'ignored' };
  }
  if (frame.event === 'error') {
    const parsed = chatStreamErrorSchema.safeParse(data);
    return { kind: 'error', event: parsed.success ? parsed.data : { text: frame.data } };
  }
  if (!isObject(data)) return { kind: 'ignored' };
  if (data.final === true) {
    const parsed = chatFinalEventSchema.safeParse(data);
    return parsed.success ? { kind: 'final', event: parsed.data } : { kind: 'ignored' };
  }
  if (data.created === true) {
    const parsed = chatCreatedEventSchema.safeParse(data);
    return parsed.success ? { kind: 'created', event: parsed.data } : { kind: 'ignored' };
  }
  if (typeof data.type === 'string' && typeof data.index === 'number') {
    const parsed = chatContentEventSchema.safeParse(data);
    return parsed.success ? { kind: 'content', event: parsed.data } : { kind: 'ignored' };
  }
  const text = [data.text, data.response, data.chunk].find((v) => typeof v === 'string');
  if (typeof text === 'string') {
    const messageId = typeof data.messageId === 'string' ? data.messageId : '';
    return { kind: 'text', event: { text, messageId } };
  }
  return { kind: 'ignored' };
}
