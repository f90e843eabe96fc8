import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { MessageRow } from './messages.table';

/** Guards the walk against a corrupt parent cycle of zero-token messages. */
const MAX_DEPTH = 100_000;

/**
 * The history of a turn: the path from `messageId` up towards the root, newest first while the running sum of
 * token_count stays within `tokenBudget`, answered oldest-first. Each step is one primary-key lookup and the walk
 * stops at the budget, so its cost depends on the budget, not on the conversation's size
 * (docs/architecture.md (Data; Performance budgets)). A message that does not fit ends the path, even the first one
 * (then the answer is empty).
 */
export async function ancestorPath(
  db: Db,
  userId: string,
  conversationId: string,
  messageId: string,
  tokenBudget: number,
): Promise<MessageRow[]> {
  const budget = Math.max(0, Math.floor(Math.min(tokenBudget, Number.MAX_SAFE_INTEGER)));
  const { rows } = await sql<MessageRow>`
    WITH RECURSIVE path (message_id, parent_message_id, depth, total) AS (
      SELECT message_id, parent_message_id, 0, CAST(token_count AS BIGINT)
      FROM messages
      WHERE message_id = ${messageId} AND user_id = ${userId} AND conversation_id = ${conversationId}
        AND token_count <= CAST(${budget} AS BIGINT)
      UNION ALL
      SELECT m.message_id, m.parent_message_id, p.depth + 1, p.total + m.token_count
      FROM path p JOIN messages m ON m.message_id = p.parent_message_id
      WHERE m.user_id = ${userId} AND m.conversation_id = ${conversationId}
        AND p.total + m.token_count <= CAST(${budget} AS BIGINT) AND p.depth < ${MAX_DEPTH}
    )
    SELECT m.* FROM path p JOIN messages m ON m.message_id = p.message_id
    ORDER BY p.depth DESC`.execute(db);
  return rows;
}
