import { DEFAULT_TITLE, MESSAGE_ERRORS, SEARCH_PAGE_SIZE, type SearchPage } from '@parley/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { getConversationsByIds } from '../conversations/conversations.repository';
import { toConversation } from '../conversations/conversations.service';
import { getMessagesByIds } from '../messages/messages.repository';
import { toMessage } from '../messages/messages.service';
import { searchDocuments } from './search.repository';
import { queryTerms } from './search-tokens';

/** Refuses search when the operator turned it off (SEARCH=false): 404, as if the call did not exist. */
export function assertSearchEnabled(enabled: boolean): void {
  if (!enabled) throw new AppError('NOT_FOUND', MESSAGE_ERRORS.searchDisabled);
}

/** Past this many matches the page total stops being exact (see searchPages). */
export const SEARCH_COUNT_CAP = 1_000;

/** Exact below the cap; beyond it, one page ahead of this one while there are more (results load until the end). */
function searchPages(total: number, cap: number, pageNumber: number, more: boolean): number {
  const counted = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
  return total < cap ? counted : Math.max(counted, pageNumber + (more ? 1 : 0));
}

/**
 * One page of the user's search results, newest first: matching messages and titles are paged together; the
 * page answers the matching messages (with their conversation's title, flagged searchResult) and the
 * conversations of everything on the page.
 */
export async function searchUser(
  db: Db,
  userId: string,
  q: string,
  pageNumber: number,
  countCap = SEARCH_COUNT_CAP,
): Promise<SearchPage> {
  const size = SEARCH_PAGE_SIZE;
  const found = await searchDocuments(db, userId, queryTerms(q), {
    limit: size + 1,
    offset: (pageNumber - 1) * size,
    countCap,
  });
  const more = found.hits.length > size;
  const hits = found.hits.slice(0, size);
  const conversationIds = [...new Set(hits.map((h) => h.conversationId))];
  const messageIds = hits.filter((h) => h.kind === 'message').map((h) => h.id);
  const [conversationRows, messageRows] = await Promise.all([
    getConversationsByIds(db, userId, conversationIds),
    getMessagesByIds(db, userId, messageIds),
  ]);
  const conversations = new Map(conversationRows.map((r) => [r.conversation_id, toConversation(r)]));
  const messages = new Map(messageRows.map((r) => [r.message_id, toMessage(r)]));
  return {
    conversations: conversationIds.flatMap((id) => conversations.get(id) ?? []),
    messages: messageIds.flatMap((id) => {
      const message = messages.get(id);
      if (!message) return [];
      const title = conversations.get(message.conversationId)?.title ?? DEFAULT_TITLE;
      return [{ ...message, searchResult: true as const, title }];
    }),
    pageNumber,
    pages: searchPages(found.total, countCap, pageNumber, more),
  };
}
