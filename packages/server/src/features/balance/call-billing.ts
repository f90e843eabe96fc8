import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { withTransaction } from '../../db/dialect-helpers';
import { countTokens } from '../../lib/tokens';
import { retryWhileUnavailable } from '../../lib/unavailable';
import type { TokenUsage } from '../../providers/provider.types';
import {
  appendEntry,
  appendEntryLocking,
  insertEntry,
  lockBalance,
  readBalance,
  takeWithEntry,
  type Amounts,
  type CallUsage,
  type NewEntry,
} from '../ledger/ledger.repository';
import {
  chargeCost,
  creditsHold,
  leastCost,
  priceOf,
  type CallBounds,
  type ModelPricing,
} from '../pricing/pricing';
import { activeCard } from '../commerce/cards';
import { nowIso } from '../../lib/clock';
import { giftGranted, grantRegistrationGift } from './registration-gift';
import { tokenBalanceError } from './token-balance-error';

/** The settlement reason of a call a subscription card covered, before the model: what a reply's cost counts. */
export const CARD_CALL_REASON = 'card call';

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
  /**
   * The reply tokens the hold pays for when it is credits at token prices: the provider is asked for no more
   * (docs/reference/balance.md (A call)). Null when the hold does not depend on the reply's length.
   */
  readonly maxOutputTokens: number | null;
  /** Settles the hold by the outcome; a second call does nothing. */
  settle(outcome: CallOutcome): Promise<void>;
  /**
   * Settles the hold by the outcome and runs `next` (the next call's hold) in the same transaction: between two calls
   * of a reply one commit, not two. When that transaction fails (`next` refused it, the database broke), neither is
   * kept, so the settlement is then written on its own, as `settle` writes it, before the failure is thrown.
   * `next` is also given the balance the settlement left, its row locked by the transaction, for holdForCall's
   * `locked`; undefined when the call was already settled.
   */
  settleThen<T>(outcome: CallOutcome, next: (trx: Db, locked?: Amounts) => Promise<T>): Promise<T>;
  /** Gives the whole hold back (the turn did not start); a no-op after a settlement. */
  release(): Promise<void>;
}

type Held =
  | { kind: 'use'; column: 'gpt3_uses' | 'gpt4_uses' }
  | { kind: 'credits'; amount: number; completionTokens: number | null }
  | { kind: 'card' };

const useChange = (column: 'gpt3_uses' | 'gpt4_uses', n: number): Partial<Amounts> =>
  column === 'gpt3_uses' ? { gpt3Uses: n } : { gpt4Uses: n };

/**
 * In the caller's transaction: a free use of the model's family if the user has one, else the call's credits, each
 * taken only if the balance stays at or above zero (ledger.repository.ts, takeIfEnough). With token prices the
 * credits are what the prompt and the reply can cost, the reply cut to what the balance pays for (pricing.ts,
 * creditsHold); the balance row is locked first, so what was read is what is taken from. Undefined when neither can
 * pay. `locked` is the balance when the transaction already holds its row locked (a settlement just wrote it): the
 * choice is then made on it, without trying a free use that is not there and locking again, two round trips fewer
 * between two calls of a reply.
 */
async function placeHold(
  trx: Db,
  userId: string,
  holdId: string,
  price: ModelPricing,
  bounds: CallBounds,
  locked?: Amounts,
): Promise<Held | undefined> {
  const column = price.family === 'gpt-4' ? 'gpt4_uses' : 'gpt3_uses';
  const entry = { id: holdId, userId, kind: 'hold' as const, reason: `call ${price.model}` };
  // A card holder's gpt-3.5-family calls take nothing (docs/reference/commerce.md (Cards)); the hold is still
  // written, with no change, so every call keeps its pair of entries. gpt-4 calls take the card's daily uses,
  // which the gpt-4 column holds, as any free use.
  if (price.family === 'gpt-3' && (await activeCard(trx, userId, nowIso()))) {
    await insertEntry(trx, { ...entry, reason: `call ${price.model} (card)`, change: {} });
    return { kind: 'card' } satisfies Held;
  }
  const mayHaveUse = !locked || (column === 'gpt4_uses' ? locked.gpt4Uses : locked.gpt3Uses) >= 1;
  if (
    mayHaveUse &&
    (await takeWithEntry(trx, userId, column, 1, { ...entry, change: useChange(column, -1) }))
  ) {
    return { kind: 'use', column } satisfies Held;
  }
  const balance = locked ?? (await lockBalance(trx, userId, false));
  const hold = creditsHold(price, bounds, balance?.credits ?? 0);
  if (!hold) return undefined;
  const taken =
    hold.cost === 0
      ? await insertEntry(trx, { ...entry, change: {} })
      : await takeWithEntry(trx, userId, 'credits', hold.cost, { ...entry, change: { credits: -hold.cost } });
  if (taken)
    return { kind: 'credits', amount: hold.cost, completionTokens: hold.completionTokens } satisfies Held;
  return undefined;
}

/**
 * A refusal for want of balance by an account that never had its registration gift (made before the balance was
 * turned on): the caller grants the gift outside its transaction and tries once more (withGiftRetry).
 */
export class GiftDue extends Error {
  constructor(readonly refusal: Error) {
    super('registration gift due');
  }
}

/** What a call may cost, as the chat pipeline counted it (turn-history.ts, turnPromptTokens). */
export interface CallSize {
  promptTokens: number;
  /** The request's max output tokens, else the model's, within what the context window leaves. */
  maxCompletionTokens: number;
}

/**
 * Before a call (docs/reference/balance.md (A call)), in the transaction that places the turn: holds a free use of
 * the model's family, else what the call can cost in credits, or refuses with `token_balance`, which rolls the turn's
 * writes back: nothing is saved or sent to the provider. Null while CHECK_BALANCE is off. `locked`: the balance as
 * this transaction locked it, when it did (CallBilling.settleThen).
 */
export async function holdForCall(
  deps: AppDeps,
  trx: Db,
  userId: string,
  model: string,
  size: CallSize,
  locked?: Amounts,
): Promise<CallBilling | null> {
  if (!deps.config.app.checkBalance) return null;
  const { pricing } = deps.config.balance;
  const price = priceOf(pricing, model);
  const bounds = { ...size, minCompletionTokens: pricing.completionReserve };
  const holdId = randomUUID();
  const held = await placeHold(trx, userId, holdId, price, bounds, locked);
  if (!held) {
    const { credits } = await readBalance(trx, userId);
    const refusal = tokenBalanceError({
      balance: credits,
      tokenCost: leastCost(price, bounds),
      promptTokens: size.promptTokens,
      model,
      multiplier: price.multiplier,
      modelClass: price.family,
    });
    throw (await giftGranted(trx, userId)) ? refusal : new GiftDue(refusal);
  }
  return billingOf(deps.database.db, userId, holdId, price, size.promptTokens, held);
}

/**
 * Runs a placement whose hold may find an account without its registration gift: grants the gift once (in its own
 * transaction, so a refusal after it does not take it back) and runs the placement again.
 */
export async function withGiftRetry<T>(deps: AppDeps, userId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof GiftDue)) throw error;
    if (await grantRegistrationGift(deps, userId)) return run();
    throw error.refusal;
  }
}

/**
 * What a call costs, by its outcome (docs/reference/balance.md (What a call costs)), never more than its hold: the
 * hold covered the prompt sent and every reply token the provider was allowed, so a provider that counts more (its
 * own tokenizer, a max that it ignored) costs the operator the difference, never the user a debt (docs/decisions.md,
 * "A call is charged at most its hold").
 */
function chargeOf(price: ModelPricing, usage: TokenUsage, held: number): number {
  return Math.min(held, chargeCost(price, usage));
}

/**
 * What the usage page records of a charged call (docs/reference/commerce.md (Usage)): the provider's token counts,
 * else the prompt's counted at the hold and the reply's.
 */
function tokensOf(promptTokens: number, outcome: CallOutcome): TokenUsage {
  return outcome.usage ?? { promptTokens, completionTokens: countTokens(outcome.newText) };
}

/** What a settlement writes: the change to the balance, why, the reply it names, and the call's usage. */
interface Settlement {
  change: Partial<Amounts>;
  reason: string;
  refId: string | null;
  call?: CallUsage;
}

function callUsage(
  price: ModelPricing,
  tokens: TokenUsage,
  cost: { credits: number; column?: 'gpt3_uses' | 'gpt4_uses' },
): CallUsage {
  return {
    model: price.model,
    modelClass: price.family,
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
  promptTokens: number,
  held: Held,
): CallBilling {
  let settled = false;
  // The settlement's key is the hold's: whatever writes it twice, the ledger takes it once.
  const entryOf = (s: Settlement): NewEntry => ({
    userId,
    kind: 'settle',
    change: s.change,
    reason: s.reason,
    refId: s.refId,
    uniqueKey: `settle:${holdId}`,
    ...(s.call ? { call: s.call } : {}),
  });
  const write = async (s: Settlement) => {
    if (settled) return;
    // Through a database restart it keeps trying, as the reply's final write does. Marked settled only once
    // written, so a write that failed leaves the hold to the next settle or release.
    await retryWhileUnavailable(() => appendEntry(db, entryOf(s)));
    settled = true;
  };
  const refund = (): Partial<Amounts> =>
    held.kind === 'use' ? useChange(held.column, 1) : held.kind === 'card' ? {} : { credits: held.amount };
  const settlementOf = (outcome: CallOutcome): Settlement => {
    // Nothing delivered and not finished (failed or stopped before the first word): the call is free.
    if (!outcome.completed && outcome.newText === '') {
      return { change: refund(), reason: `released ${price.model}`, refId: outcome.messageId };
    }
    const tokens = tokensOf(promptTokens, outcome);
    if (held.kind === 'use') {
      const call = callUsage(price, tokens, { credits: 0, column: held.column });
      return { change: {}, reason: `used a free ${price.family} call`, refId: outcome.messageId, call };
    }
    if (held.kind === 'card') {
      // A card's call takes nothing; its usage row still counts the call and its tokens.
      const call = callUsage(price, tokens, { credits: 0 });
      return { change: {}, reason: `${CARD_CALL_REASON} ${price.model}`, refId: outcome.messageId, call };
    }
    const charge = chargeOf(price, tokens, held.amount);
    return {
      change: { credits: held.amount - charge },
      reason: `charged ${charge} for ${price.model}`,
      refId: outcome.messageId,
      call: callUsage(price, tokens, { credits: charge }),
    };
  };
  return {
    maxOutputTokens: held.kind === 'credits' ? held.completionTokens : null,
    settle: (outcome) => write(settlementOf(outcome)),
    async settleThen(outcome, next) {
      if (settled) return withTransaction(db, next);
      const settlement = settlementOf(outcome);
      try {
        const answer = await withTransaction(db, async (trx) => {
          const locked = await appendEntryLocking(trx, entryOf(settlement));
          return next(trx, locked);
        });
        settled = true;
        return answer;
      } catch (error) {
        await write(settlement);
        throw error;
      }
    },
    release: () => write({ change: refund(), reason: `released ${price.model} (not started)`, refId: null }),
  };
}
