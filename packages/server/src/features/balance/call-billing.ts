import { withTransaction } from '../../db/dialect-helpers';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { countTokens } from '../../lib/tokens';
import { retryWhileUnavailable } from '../../lib/unavailable';
import type { TokenUsage } from '../../providers/provider.types';
import {
  appendEntry,
  insertEntry,
  readBalance,
  takeIfEnough,
  type Amounts,
  type CallUsage,
} from '../ledger/ledger.repository';
import { chargeCost, holdCost, priceOf, type ModelPricing } from '../pricing/pricing';
import { activeCard } from '../commerce/cards';
import { nowIso } from '../../lib/clock';
import { grantRegistrationGift } from './registration-gift';
import { tokenBalanceError } from './token-balance-error';

/** How a call ended, as its settlement needs it. */
export interface CallOutcome {
  /** The provider finished the reply (not aborted, not failed). */
  completed: boolean;
  /** The reply's new text (for a continue, only what this call added). */
  newText: string;
  /** The provider's own counts, when it reported them. */
  usage?: TokenUsage;
  /** The reply message the call wrote. */
  messageId: string;
}

/** A call's hold, settled exactly once when the call ends. */
export interface CallBilling {
  /** Settles the hold by the outcome; a second call does nothing. */
  settle(outcome: CallOutcome): Promise<void>;
  /** Gives the whole hold back (the turn did not start); a no-op after a settlement. */
  release(): Promise<void>;
}

type Held =
  { kind: 'use'; column: 'gpt3_uses' | 'gpt4_uses' } | { kind: 'credits'; amount: number } | { kind: 'card' };

const useChange = (column: 'gpt3_uses' | 'gpt4_uses', n: number): Partial<Amounts> =>
  column === 'gpt3_uses' ? { gpt3Uses: n } : { gpt4Uses: n };

/**
 * One transaction: a free use of the model's family if the user has one, else the call's credits, each taken only
 * if the balance stays at or above zero (ledger.repository.ts, takeIfEnough). Undefined when neither can pay.
 */
async function placeHold(
  db: Db,
  userId: string,
  holdId: string,
  price: ModelPricing,
  cost: number,
): Promise<Held | undefined> {
  return withTransaction(db, async (trx) => {
    const column = price.family === 'gpt-4' ? 'gpt4_uses' : 'gpt3_uses';
    const entry = { id: holdId, userId, kind: 'hold' as const, reason: `call ${price.model}` };
    // A card holder's gpt-3.5-family calls take nothing (docs/reference/commerce.md (Cards)); the hold is still
    // written, with no change, so every call keeps its pair of entries. gpt-4 calls take the card's daily uses,
    // which the gpt-4 column holds, as any free use.
    if (price.family === 'gpt-3' && (await activeCard(trx, userId, nowIso()))) {
      await insertEntry(trx, { ...entry, reason: `call ${price.model} (card)`, change: {} });
      return { kind: 'card' } satisfies Held;
    }
    if (await takeIfEnough(trx, userId, column, 1)) {
      await insertEntry(trx, { ...entry, change: useChange(column, -1) });
      return { kind: 'use', column } satisfies Held;
    }
    if (cost === 0 || (await takeIfEnough(trx, userId, 'credits', cost))) {
      await insertEntry(trx, { ...entry, change: { credits: -cost } });
      return { kind: 'credits', amount: cost } satisfies Held;
    }
    return undefined;
  });
}

/**
 * Before a call (docs/reference/balance.md (A call)): holds a free use of the model's family, else its credits, or
 * refuses with `token_balance` before anything is saved or sent to the provider. Null while CHECK_BALANCE is off.
 * An account with no ledger entry at all (made before the balance was turned on) is given its registration gift
 * first, once.
 */
export async function holdForCall(
  deps: AppDeps,
  userId: string,
  model: string,
  promptText: string,
): Promise<CallBilling | null> {
  if (!deps.config.app.checkBalance) return null;
  const { db } = deps.database;
  const { pricing } = deps.config.balance;
  const price = priceOf(pricing, model);
  const promptTokens = price.mode === 'tokens' ? countTokens(promptText) : 0;
  const cost = holdCost(price, promptTokens, pricing.completionReserve);
  const holdId = randomUUID();
  let held = await placeHold(db, userId, holdId, price, cost);
  if (!held && (await grantRegistrationGift(deps, userId)))
    held = await placeHold(db, userId, holdId, price, cost);
  if (!held) {
    const { credits } = await readBalance(db, userId);
    throw tokenBalanceError({
      balance: credits,
      tokenCost: cost,
      promptTokens: promptTokens || countTokens(promptText),
      model,
      multiplier: price.multiplier,
    });
  }
  return billingOf(db, userId, holdId, price, { promptTokens, promptText }, held);
}

/** What a call costs, by its outcome (docs/reference/balance.md (What a call costs)). */
function chargeOf(price: ModelPricing, promptTokens: number, outcome: CallOutcome): number {
  const usage = outcome.usage ?? { promptTokens, completionTokens: countTokens(outcome.newText) };
  return chargeCost(price, usage);
}

/**
 * What the usage page records of a charged call (docs/reference/commerce.md (Usage)): the provider's token counts,
 * else the prompt's (counted at the hold for token prices, else now) and the reply's.
 */
function callUsage(
  price: ModelPricing,
  prompt: { promptTokens: number; promptText: string },
  outcome: CallOutcome,
  cost: { credits: number; column?: 'gpt3_uses' | 'gpt4_uses' },
): CallUsage {
  const tokens = outcome.usage ?? {
    promptTokens: prompt.promptTokens || countTokens(prompt.promptText),
    completionTokens: countTokens(outcome.newText),
  };
  return {
    model: price.model,
    promptTokens: tokens.promptTokens,
    completionTokens: tokens.completionTokens,
    credits: cost.credits,
    gpt3Uses: cost.column === 'gpt3_uses' ? 1 : 0,
    gpt4Uses: cost.column === 'gpt4_uses' ? 1 : 0,
  };
}

function billingOf(
  db: Db,
  userId: string,
  holdId: string,
  price: ModelPricing,
  prompt: { promptTokens: number; promptText: string },
  held: Held,
): CallBilling {
  const { promptTokens } = prompt;
  let settled = false;
  const write = async (change: Partial<Amounts>, reason: string, refId: string | null, call?: CallUsage) => {
    if (settled) return;
    // The settlement's key is the hold's: whatever calls it twice, the ledger takes it once. Through a database
    // restart it keeps trying, as the reply's final write does. Marked settled only once written, so a write that
    // failed leaves the hold to the next settle or release.
    await retryWhileUnavailable(() =>
      appendEntry(db, {
        userId,
        kind: 'settle',
        change,
        reason,
        refId,
        uniqueKey: `settle:${holdId}`,
        ...(call ? { call } : {}),
      }),
    );
    settled = true;
  };
  const refund = (): Partial<Amounts> =>
    held.kind === 'use' ? useChange(held.column, 1) : held.kind === 'card' ? {} : { credits: held.amount };
  return {
    async settle(outcome) {
      // Nothing delivered and not finished (failed or stopped before the first word): the call is free.
      if (!outcome.completed && outcome.newText === '') {
        return write(refund(), `released ${price.model}`, outcome.messageId);
      }
      if (held.kind === 'use') {
        const call = callUsage(price, prompt, outcome, { credits: 0, column: held.column });
        return write({}, `used a free ${price.family} call`, outcome.messageId, call);
      }
      if (held.kind === 'card') {
        // A card's call takes nothing; its usage row still counts the call and its tokens.
        const call = callUsage(price, prompt, outcome, { credits: 0 });
        return write({}, `card call ${price.model}`, outcome.messageId, call);
      }
      const charge = chargeOf(price, promptTokens, outcome);
      return write(
        { credits: held.amount - charge },
        `charged ${charge} for ${price.model}`,
        outcome.messageId,
        callUsage(price, prompt, outcome, { credits: charge }),
      );
    },
    release: () => write(refund(), `released ${price.model} (not started)`, null),
  };
}
