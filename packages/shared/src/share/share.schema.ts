import { z } from 'zod';
import { messageSchema } from '../conversations/message.schema';

/** Share links per page of `GET /api/share` unless the client asks for another size (1..100). */
export const SHARED_LINKS_PAGE_SIZE = 10;
export const SHARED_LINKS_PAGE_MAX = 100;

/** Error texts of the share calls (docs/reference/sharing.md (Share links)). */
export const SHARE_ERRORS = {
  notFound: 'Share not found',
  disabled: 'Shared links are turned off on this server',
  noMessages: 'The conversation has no messages to share',
  temporary: 'A temporary chat cannot be shared',
} as const;

/** `POST /api/share/:conversationId`: which branch to share; without a target, the branch the web shows. */
export const createShareBodySchema = z.object({
  targetMessageId: z.string().min(1).max(200).nullish(),
});

/** What creating (or renewing) a link answers: the link's id, and what it shares. */
export const shareCreatedSchema = z.object({
  shareId: z.string(),
  conversationId: z.string(),
  targetMessageId: z.string().optional(),
});
export type ShareCreated = z.infer<typeof shareCreatedSchema>;

/** `GET /api/share/link/:conversationId`: the newest link of a conversation, or `shareId: null` and no success. */
export const shareOfConversationSchema = z.object({
  success: z.boolean(),
  shareId: z.string().nullable(),
  conversationId: z.string(),
  targetMessageId: z.string().optional(),
});
export type ShareOfConversation = z.infer<typeof shareOfConversationSchema>;

/** One link of the owner's list. Links are always public: `isPublic` is LibreChat's field, always true. */
export const sharedLinkSchema = z.object({
  shareId: z.string(),
  conversationId: z.string(),
  title: z.string(),
  isPublic: z.boolean(),
  targetMessageId: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SharedLink = z.infer<typeof sharedLinkSchema>;

const booleanText = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * `GET /api/share`: a page of the owner's links. `cursor` is the previous page's `nextCursor`; `isPublic` is
 * accepted for LibreChat's client and changes nothing (every link is public); `search` matches the title.
 */
export const sharedLinksQuerySchema = z.object({
  cursor: z.string().min(1).max(512).optional(),
  pageSize: z.coerce.number().int().min(1).max(SHARED_LINKS_PAGE_MAX).default(SHARED_LINKS_PAGE_SIZE),
  isPublic: booleanText.optional(),
  sortBy: z.enum(['createdAt', 'title']).default('createdAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().trim().max(200).optional(),
});
export type SharedLinksQuery = z.input<typeof sharedLinksQuerySchema>;

export const sharedLinksPageSchema = z.object({
  links: z.array(sharedLinkSchema),
  /** Give it back as `cursor` for the next page; absent on the last page. */
  nextCursor: z.string().optional(),
  hasNextPage: z.boolean(),
});
export type SharedLinksPage = z.infer<typeof sharedLinksPageSchema>;

/**
 * `GET /api/share/:shareId`: what anyone with the link reads. `conversationId` is the share's own id (the owner's
 * conversation is not named), and the messages are the shared branch, root first, their files signed for a while.
 */
export const sharedConversationSchema = sharedLinkSchema.extend({ messages: z.array(messageSchema) });
export type SharedConversation = z.infer<typeof sharedConversationSchema>;

/** `DELETE /api/share/:shareId`: the link is gone at once. */
export const shareDeletedSchema = z.object({
  success: z.literal(true),
  shareId: z.string(),
  message: z.string(),
});
