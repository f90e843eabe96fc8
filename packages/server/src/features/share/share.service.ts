import { randomBytes } from 'node:crypto';
import {
  MESSAGE_ERRORS,
  SHARE_ERRORS,
  type sharedLinksQuerySchema,
  type ShareCreated,
  type SharedConversation,
  type SharedLinksPage,
  type ShareOfConversation,
} from '@parley/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { getUserConversation } from '../conversations/conversations.service';
import { ancestorPath } from '../messages/ancestor-path.repository';
import type { MessageRow } from '../messages/messages.table';
import { shownBranchLeaf } from './share-branch';
import { toSharedConversation, toSharedLink } from './share-answer';
import * as repo from './share.repository';
import type { SharedLinkRow } from './share.table';

// Share links (docs/reference/sharing.md (Share links)): a link is a copy of one branch, made when it is created
// (docs/decisions.md, "A share link is a copy"). The owner lists, renews and revokes their links; anyone with one
// reads it.

const notFound = () => new AppError('NOT_FOUND', SHARE_ERRORS.notFound);

/** 128 random bits, URL-safe: a link cannot be guessed from another one. */
const newShareId = () => randomBytes(16).toString('base64url');

/** Making links is the operator's choice (ALLOW_SHARED_LINKS); listing and revoking old ones always work. */
function assertSharingOn(deps: AppDeps): void {
  if (!deps.config.app.sharedLinksEnabled) throw new AppError('FORBIDDEN', SHARE_ERRORS.disabled);
}

/**
 * The branch to copy, root first: up to `target` (a message of the conversation, else 404), or without one up to the
 * end of the branch the web shows. Walked by ancestor links alone, so no other branch is ever read.
 */
async function branchOf(
  db: Db,
  userId: string,
  conversationId: string,
  target: string | null,
): Promise<MessageRow[]> {
  const leaf = target ?? shownBranchLeaf(await repo.messageLinks(db, userId, conversationId));
  if (leaf === undefined) {
    throw new AppError('VALIDATION', `conversationId: ${SHARE_ERRORS.noMessages}`, {
      field: 'conversationId',
    });
  }
  const branch = await ancestorPath(db, userId, conversationId, leaf, Number.MAX_SAFE_INTEGER);
  if (branch.length === 0) throw new AppError('NOT_FOUND', MESSAGE_ERRORS.messageNotFound);
  return branch;
}

const created = (link: Pick<SharedLinkRow, 'share_id' | 'conversation_id' | 'target_message_id'>) => ({
  shareId: link.share_id,
  conversationId: link.conversation_id,
  ...(link.target_message_id === null ? {} : { targetMessageId: link.target_message_id }),
});

/** A new link to a branch of the user's conversation (404 when it is not theirs). */
export async function createShare(
  deps: AppDeps,
  userId: string,
  conversationId: string,
  targetMessageId: string | null,
): Promise<ShareCreated> {
  assertSharingOn(deps);
  const db = deps.database.db;
  const conversation = await getUserConversation(db, userId, conversationId);
  // A link would outlive the chat's deletion and reach people the temporary chat was meant to stay away from
  // (docs/reference/conversations.md (Temporary chats)).
  if (conversation.expired_at !== null) {
    throw new AppError('VALIDATION', `conversationId: ${SHARE_ERRORS.temporary}`, {
      field: 'conversationId',
    });
  }
  const branch = await branchOf(db, userId, conversationId, targetMessageId);
  const now = nowIso();
  const link = {
    share_id: newShareId(),
    user_id: userId,
    conversation_id: conversationId,
    target_message_id: targetMessageId,
    title: conversation.title,
    created_at: now,
    updated_at: now,
  };
  await repo.insertShare(db, link, branch);
  return created(link);
}

/**
 * A fresh copy of a link's branch (its target again, or the branch the web shows now) and the conversation's title,
 * under a new id; the old id stops working in the same transaction. The link keeps its place in the list.
 */
export async function renewShare(deps: AppDeps, userId: string, shareId: string): Promise<ShareCreated> {
  assertSharingOn(deps);
  const db = deps.database.db;
  const old = await repo.findUserShare(db, userId, shareId);
  if (!old) throw notFound();
  const conversation = await getUserConversation(db, userId, old.conversation_id);
  const branch = await branchOf(db, userId, old.conversation_id, old.target_message_id);
  const link = { ...old, share_id: newShareId(), title: conversation.title, updated_at: nowIso() };
  await repo.insertShare(db, link, branch, old.share_id);
  return created(link);
}

/** Revokes one of the user's links: gone at once, with its copy. */
export async function deleteShare(db: Db, userId: string, shareId: string) {
  if ((await repo.deleteShare(db, userId, shareId)) === 0) throw notFound();
  return { success: true as const, shareId, message: 'Share deleted successfully' };
}

/** The newest link of the user's conversation; none (or not theirs) answers `success: false`. */
export async function shareOfConversation(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ShareOfConversation> {
  const link = await repo.newestShareOfConversation(db, userId, conversationId);
  if (!link) return { success: false, shareId: null, conversationId };
  return { success: true, ...created(link) };
}

/**
 * What anyone with the link reads. Unknown, revoked and switched-off links are one 404, so a reader cannot tell
 * which it was.
 */
export async function readShare(deps: AppDeps, shareId: string): Promise<SharedConversation> {
  if (!deps.config.app.sharedLinksEnabled) throw notFound();
  const db = deps.database.db;
  const link = await repo.findShare(db, shareId);
  if (!link) throw notFound();
  return toSharedConversation(deps.config, link, await repo.sharedMessages(db, shareId));
}

type LinksQuery = z.output<typeof sharedLinksQuerySchema>;

const encodeCursor = (value: string, shareId: string) =>
  Buffer.from(JSON.stringify([value, shareId])).toString('base64url');

function decodeCursor(cursor: string): repo.LinkPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return { value: value[0] as string, shareId: value[1] as string };
    }
  } catch {
    // answered by the 400 below
  }
  throw new AppError('VALIDATION', 'cursor: Invalid cursor', { field: 'cursor' });
}

/** A page of the user's links, newest first unless asked otherwise; `search` matches titles. */
export async function listShares(db: Db, userId: string, query: LinksQuery): Promise<SharedLinksPage> {
  const sortBy = query.sortBy === 'title' ? 'title' : 'created_at';
  const rows = await repo.listShares(db, userId, {
    limit: query.pageSize + 1,
    sortBy,
    direction: query.sortDirection,
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
    search: query.search || undefined,
  });
  const links = rows.slice(0, query.pageSize);
  const last = links.at(-1);
  const hasNextPage = rows.length > query.pageSize;
  return {
    links: links.map(toSharedLink),
    hasNextPage,
    ...(hasNextPage && last ? { nextCursor: encodeCursor(last[sortBy], last.share_id) } : {}),
  };
}
