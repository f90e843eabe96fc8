import type { MessageCost } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { CARD_CALL_REASON } from '../balance/call-billing';
import { getMessage } from '../messages/messages.repository';

/**
 * `GET /api/messages/:conversationId/:messageId/cost` (docs/reference/balance.md (A reply's cost)): what a reply
 * cost, summed over the ledger's settlements that name it (one per call: a continued reply has several). The
 * settlement is the call's whole cost (its hold and the rest), so nothing is recomputed here. A reply given back
 * (stopped before any text) left only a release, no call: it reads 0 calls. 404 for another user's message and
 * while CHECK_BALANCE is off.
 */
export async function messageCost(
  deps: Pick<AppDeps, 'config' | 'database'>,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<MessageCost> {
  if (!deps.config.app.checkBalance) {
    throw new AppError('NOT_FOUND', 'The balance is not enabled on this server');
  }
  const { db } = deps.database;
  const message = await getMessage(db, userId, messageId);
  if (!message || message.conversation_id !== conversationId) {
    throw new AppError('NOT_FOUND', 'Message not found');
  }
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['model', 'reason', 'call_credits', 'call_gpt3_uses', 'call_gpt4_uses'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'settle')
    .where('ref_id', '=', messageId)
    .where('model', 'is not', null)
    .orderBy('created_at')
    .execute();
  const cost: MessageCost = { model: null, calls: 0, credits: 0, gpt3Uses: 0, gpt4Uses: 0, card: 0 };
  for (const row of rows) {
    cost.model = row.model;
    cost.calls += 1;
    cost.credits += Number(row.call_credits ?? 0);
    cost.gpt3Uses += row.call_gpt3_uses ?? 0;
    cost.gpt4Uses += row.call_gpt4_uses ?? 0;
    if (row.reason.startsWith(`${CARD_CALL_REASON} `)) cost.card += 1;
  }
  return cost;
}
