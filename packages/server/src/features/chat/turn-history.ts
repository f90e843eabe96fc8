import { historyTokenBudget } from '@parley/shared';
import type { Db } from '../../db/database';
import type { PromptTurn } from '../../providers/build-prompt';
import { ancestorPath } from '../messages/ancestor-path.repository';
import { getMessage } from '../messages/messages.repository';
import type { Turn } from './chat-turn';

/** Rough characters per token, to cut a single message that alone exceeds the budget. */
const CHARS_PER_TOKEN = 3;

/**
 * The history of a turn, oldest first: the ancestor path of its leaf within the model's budget (context window
 * minus max output), using stored token counts, so its cost does not grow with the conversation. A leaf that
 * alone exceeds the budget is sent cut to its last part. Messages without text (a failed reply) are left out.
 */
export async function turnHistory(db: Db, turn: Turn): Promise<PromptTurn[]> {
  const budget = historyTokenBudget(turn.model, turn.settings.maxOutputTokens);
  let rows = await ancestorPath(db, turn.userId, turn.conversationId, turn.historyLeafId, budget);
  if (rows.length === 0) {
    const leaf = await getMessage(db, turn.userId, turn.historyLeafId);
    if (leaf) rows = [{ ...leaf, text: leaf.text.slice(-budget * CHARS_PER_TOKEN) }];
  }
  return rows
    .filter((row) => row.text.trim() !== '')
    .map((row) => ({ role: row.is_created_by_user === 1 ? 'user' : 'assistant', content: row.text }));
}
