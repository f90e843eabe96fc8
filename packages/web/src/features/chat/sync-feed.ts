import { chatSyncEventSchema, type ChatSyncEvent } from '@parley/shared';
import { api } from '../../lib/api';
import { readSseStream } from './stream/sse-parser';

/** A feed that ended or failed is opened again after this long (and twice that, up to the cap, while it keeps failing). */
export const FEED_RETRY_MS = 2_000;
export const FEED_RETRY_MAX_MS = 60_000;

/** Reads one feed frame: a sync event, or null for anything else (a malformed frame is skipped, not fatal). */
export function readSyncFrame(data: string): ChatSyncEvent | null {
  try {
    const parsed = chatSyncEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Holds the signed-in user's reply feed open
 * (`GET /api/ask/sync`, docs/reference/chat.md (Following a reply from another window)) and hands each event to
 * `onEvent`; one connection per page. Answers a stop (sign-out, the page going away). A feed that ends or fails is
 * opened again later: a missed event costs only liveness, since a page that opens a conversation still re-attaches to
 * its running reply.
 */
export function startSyncFeed(onEvent: (event: ChatSyncEvent) => void): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = FEED_RETRY_MS;

  const open = async () => {
    try {
      const res = await api.callRaw(
        'syncFeed',
        {},
        {
          headers: { accept: 'text/event-stream' },
          signal: controller.signal,
          // A background connection: a lost session shows on the page's own calls, not from here.
          redirectOnAuthFailure: false,
        },
      );
      if (res.ok && res.body) {
        delay = FEED_RETRY_MS;
        await readSseStream(res.body, (frame) => {
          const event = readSyncFrame(frame.data);
          if (event) onEvent(event);
        });
      } else {
        delay = Math.min(delay * 2, FEED_RETRY_MAX_MS);
      }
    } catch {
      // A dropped connection: opened again below.
    }
    if (!controller.signal.aborted) timer = setTimeout(() => void open(), delay);
  };
  void open();
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
