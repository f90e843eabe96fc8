import { z } from 'zod';

/**
 * A frame of the reply feed, `GET /api/ask/sync` (docs/reference/chat.md (Following a reply from another window)):
 * a reply started (`state: "started"`) or ended (`"ended"`) on one of the user's conversations, on any instance.
 * It names the reply and the question it answers, so a page showing that conversation can follow the reply over
 * `GET /api/ask/stream/{conversationId}`; it carries no text (the stream does).
 */
export const chatSyncEventSchema = z.object({
  sync: z.literal(true),
  state: z.enum(['started', 'ended']),
  conversationId: z.string(),
  /** The user message the reply answers. */
  requestMessageId: z.string(),
  /** The reply being written (new, or continued). */
  responseMessageId: z.string(),
  /** Who writes the reply (the label its message shows). */
  sender: z.string(),
  endpoint: z.string(),
});
export type ChatSyncEvent = z.infer<typeof chatSyncEventSchema>;
