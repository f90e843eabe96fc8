import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { retryWhileUnavailable } from '../../lib/unavailable';
import { appendEntry, takeWithEntry } from '../ledger/ledger.repository';

/** A priced tool's hold, settled exactly once when the tool's run ends. */
export interface ToolBilling {
  /** The tool ran: its price is kept. It failed or was stopped: the price goes back. A second call does nothing. */
  settle(ran: boolean): Promise<void>;
}

/** Why a priced tool did not run: the balance cannot pay for it. */
export const toolUnpaidReason = (cost: number) =>
  `the balance cannot pay for this tool (${cost / 100_000} credits a run)`;

/**
 * Before a tool that costs money runs (docs/reference/balance.md (Tools that cost money)): its price
 * (`balance.toolCost`) is taken from the user's credits, only if they stay at or above zero, with a hold entry naming
 * the reply. Answers null when nothing is to be paid (the balance is off, or the tool is free), `unpaid` when the
 * credits cannot pay: the tool is then not run.
 */
export async function holdForTool(
  deps: AppDeps,
  userId: string,
  toolKey: string,
  messageId: string,
): Promise<ToolBilling | null | { unpaid: number }> {
  const cost = deps.config.app.checkBalance ? (deps.config.balance.pricing.toolCost[toolKey] ?? 0) : 0;
  if (cost === 0) return null;
  const db = deps.database.db;
  const holdId = randomUUID();
  const held = await takeWithEntry(db, userId, 'credits', cost, {
    id: holdId,
    userId,
    kind: 'hold',
    reason: `tool ${toolKey}`,
    refId: messageId,
    change: { credits: -cost },
  });
  if (!held) return { unpaid: cost };
  let settled = false;
  return {
    async settle(ran) {
      if (settled) return;
      // Keyed by the hold, as a call's settlement is: the ledger takes it once, whatever calls it twice.
      await retryWhileUnavailable(() =>
        appendEntry(db, {
          userId,
          kind: 'settle',
          change: ran ? {} : { credits: cost },
          reason: ran ? `charged ${cost} for tool ${toolKey}` : `released tool ${toolKey}`,
          refId: messageId,
          uniqueKey: `settle:${holdId}`,
        }),
      );
      settled = true;
    },
  };
}
