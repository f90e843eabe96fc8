import { z } from 'zod';
import { absentNotNull } from '../api/absent-not-null';
import { conversationOptionsSchema } from './conversation-options.schema';

/** Default conversation and message title (docs/reference/conversations.md (Conversation fields)). */
export const DEFAULT_TITLE = 'New Chat';

/**
 * A conversation as the API shows it: its columns plus its options, flattened
 * (docs/reference/conversations.md (Conversation fields)). An option that is not set is absent, never null.
 */
export const conversationSchema = absentNotNull(conversationOptionsSchema).extend({
  conversationId: z.string(),
  title: z.string(),
  user: z.string(),
  endpoint: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Present (true) while archived (docs/reference/conversations.md (Archive)). */
  isArchived: z.boolean().optional(),
  /** A temporary chat's deletion time (docs/reference/conversations.md (Temporary chats)); absent for a kept one. */
  expiredAt: z.string().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * One page of `GET /api/convos` (docs/reference/conversations.md (Listing conversations)); `nextCursor` is the cursor
 * form for clients that want it.
 */
export const conversationPageSchema = z.object({
  conversations: z.array(conversationSchema),
  pageNumber: z.number().int(),
  pages: z.number().int(),
  nextCursor: z.string().nullish(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;
