import { z } from 'zod';
import { conversationOptionsSchema } from '../conversations/conversation-options.schema';
import { messageFileSchema } from '../conversations/message.schema';

/**
 * Most files one send may name; the endpoint's own `fileLimit` (docs/reference/files.md (File limits)) is checked on
 * the server.
 */
export const MAX_ASK_FILES = 100;

/**
 * The body of `POST /api/ask/{endpoint}` and `/api/edit/{endpoint}` (docs/reference/chat.md (The ask call)): the
 * message, the tree position, the edit flags and the endpoint options. `conversationId` null or 'new' starts a
 * conversation; `parentMessageId` is the root id then. The endpoint comes from the path, not the body.
 */
export const askPayloadSchema = conversationOptionsSchema.extend({
  text: z.string().default(''),
  parentMessageId: z.string().min(1),
  conversationId: z.string().min(1).nullish(),
  /** Client-chosen id for the new user message; generated when absent. */
  messageId: z.string().min(1).max(200).optional(),
  /** Client-chosen id for the reply; for a continue, the AI message to extend; for an edit, the AI message edited. */
  responseMessageId: z.string().min(1).max(200).nullish(),
  /**
   * The saved user message this send answers again: on `/api/ask`, a regenerate (a new sibling reply, no new user
   * message); on `/api/edit`, the question whose reply is edited or continued. Null on a plain send.
   */
  overrideParentMessageId: z.string().min(1).max(200).nullish(),
  /**
   * On `/api/edit` without `isContinued`: the edited text of the reply named by `responseMessageId`; a new sibling
   * reply starts from it and the model continues it. Other sends may carry it; it is then ignored.
   */
  generation: z.string().nullish(),
  /**
   * A temporary chat (docs/reference/conversations.md (Temporary chats)): read when the send creates the conversation;
   * it is then kept out of the list, search and exports and deleted after the retention.
   */
  isTemporary: z.boolean({ error: 'isTemporary must be true or false' }).nullish(),
  isContinued: z.boolean().optional(),
  isRegenerate: z.boolean().optional(),
  isEdited: z.boolean().optional(),
  editedText: z.string().nullish(),
  editedMessageId: z.string().nullish(),
  /** Sent by clients; unused here (the reply's label comes from the options). */
  sender: z.string().nullish(),
  /**
   * Uploaded files attached to the new message, by `file_id`. The server keeps its own facts of each file (type,
   * size, dimensions); the other fields are the client's and are not trusted.
   */
  files: z.array(messageFileSchema).max(MAX_ASK_FILES).optional(),
});
export type AskPayload = z.infer<typeof askPayloadSchema>;

/** `POST /api/ask/{endpoint}/abort`: the conversation id, or `conversationId:messageId` (assistants). */
export const abortPayloadSchema = z.object({
  abortKey: z.string().min(1),
  endpoint: z.string().optional(),
});
export type AbortPayload = z.infer<typeof abortPayloadSchema>;

/** `POST /api/convos/gen_title`. */
export const genTitlePayloadSchema = z.object({ conversationId: z.string().min(1) });
export type GenTitlePayload = z.infer<typeof genTitlePayloadSchema>;
