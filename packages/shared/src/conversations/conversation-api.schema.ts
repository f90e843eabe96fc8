import { z } from 'zod';
import { conversationOptionsSchema } from './conversation-options.schema';
import { conversationSchema } from './conversation.schema';
import { messageSchema } from './message.schema';

/** Conversations per page of `GET /api/convos` (docs/reference/conversations.md (Listing conversations)). */
export const CONVERSATION_PAGE_SIZE = 25;
/** Search results (messages and titles together) per page of `GET /api/search`. */
export const SEARCH_PAGE_SIZE = 25;
/**
 * How long a temporary chat is kept, in hours (YAML `interface.temporaryChatRetention`, LibreChat's name and range;
 * docs/reference/conversations.md (Temporary chats)).
 */
export const TEMPORARY_CHAT_RETENTION = { default: 720, min: 1, max: 8760 } as const;
/** A conversation title is trimmed and must hold 1..200 characters. */
export const CONVERSATION_TITLE_MAX = 200;

/**
 * Error texts of the conversation and message calls (docs/reference/conversations.md (Listing conversations);
 * docs/reference/messages.md (Editing a message in place)).
 */
export const MESSAGE_ERRORS = {
  conversationIdRequired: 'conversationId is required',
  conversationIdMismatch: 'conversationId does not match the URL',
  conversationNotFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  searchDisabled: 'Search is disabled',
} as const;

const pageNumber = z.coerce.number().int().min(1).max(1_000_000).default(1);

/** `GET /api/convos?pageNumber=n` or `?cursor=c` (the cursor form skips the count and stays fast at any depth). */
export const conversationListQuerySchema = z.object({
  pageNumber,
  cursor: z.string().min(1).max(512).optional(),
  /** `true`: the archived conversations instead of the others (docs/reference/conversations.md (Archive)). */
  isArchived: z
    .enum(['true', 'false'], { error: 'isArchived must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
});

/**
 * `POST /api/convos/archive` (docs/reference/conversations.md (Archive)): `{arg: {conversationId, isArchived}}`,
 * LibreChat's body. Answers the updated conversation.
 */
export const archiveConversationSchema = z.object({
  arg: z.object(
    {
      conversationId: z.string({ error: 'conversationId is required' }).min(1),
      isArchived: z.boolean({ error: 'isArchived must be true or false' }),
    },
    { error: 'arg is required' },
  ),
});
export type ArchiveConversation = z.infer<typeof archiveConversationSchema>['arg'];

/**
 * `POST /api/convos/update` (docs/reference/conversations.md (Renaming)): `{arg: conversation}`. A rename
 * sends the id and the new title; the LibreChat client may send the whole conversation, whose settings (model and
 * options) are applied too. Fields the server owns (user, endpoint, dates, messages) are ignored; a null title or a
 * title left out keeps the stored one.
 */
export const updateConversationSchema = z.object({
  arg: conversationOptionsSchema.omit({ endpoint: true, endpointType: true }).extend({
    conversationId: z.string().min(1),
    title: z.string().trim().min(1).max(CONVERSATION_TITLE_MAX).nullish(),
  }),
});
export type ConversationUpdate = z.infer<typeof updateConversationSchema>['arg'];

/**
 * `POST /api/convos/clear`: one conversation (`{arg: {conversationId}}`, or the bare id as `arg`), or every
 * conversation of the user when conversationId is absent.
 */
export const clearConversationsSchema = z.object({
  arg: z.preprocess(
    (arg) => (typeof arg === 'string' ? { conversationId: arg } : arg),
    z
      .object({
        conversationId: z.string().min(1).nullish(),
        thread_id: z.string().nullish(),
        source: z.string().nullish(),
      })
      .default({}),
  ),
});

/** The answer of `POST /api/convos/clear`. */
export const clearConversationsResultSchema = z.object({
  acknowledged: z.literal(true),
  deletedCount: z.number().int(),
});
export type ClearConversationsResult = z.infer<typeof clearConversationsResultSchema>;

/**
 * `PUT /api/messages/:conversationId/:messageId`: the new text; conversationId may be left out (the path names the
 * conversation), and one that differs from the path's is refused.
 */
export const updateMessageSchema = z.object({
  text: z.string(),
  model: z.string().nullish(),
  conversationId: z.string().nullish(),
});

/** `GET /api/search?q=&pageNumber=`. */
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(500),
  pageNumber,
});

/** A message found by search: it carries its conversation's title and is flagged as a search result. */
export const searchMessageSchema = messageSchema.extend({
  searchResult: z.literal(true),
  title: z.string(),
});
export type SearchMessage = z.infer<typeof searchMessageSchema>;

/** One page of search: the matching messages, and the conversations they (or a matching title) belong to. */
export const searchPageSchema = z.object({
  conversations: z.array(conversationSchema),
  messages: z.array(searchMessageSchema),
  pageNumber: z.number().int(),
  pages: z.number().int(),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

/**
 * `POST /api/tokenizer` (docs/reference/chat.md (Token counts)): `{text}`, or `{arg: text}` as the LibreChat client's
 * library wraps it.
 */
export const tokenizerRequestSchema = z.preprocess(
  (body) =>
    body && typeof body === 'object' && !('text' in body) && 'arg' in body
      ? { text: (body as { arg: unknown }).arg }
      : body,
  z.object({ text: z.string() }),
);
export const tokenizerResponseSchema = z.object({ count: z.number().int() });
