import type { ModelClass } from '@parley/shared';
import { AppError } from '../../lib/app-error';

/** What a refusal for want of balance says (docs/reference/balance.md (When a user cannot pay)). */
export interface TokenBalanceRefusal {
  /** The user's credits, in units. */
  balance: number;
  /** Units the call needed. */
  tokenCost: number;
  promptTokens: number;
  model: string;
  /** The model's price against a gpt-3.5 call. */
  multiplier: number;
  /**
   * The class the call counts in (`gpt-3`, `gpt-4`), whose free uses are used up: a field of its own beside the
   * fields the error's contract names, which the web adds to its message
   * (docs/decisions.md, "The refusal names the model's class in a field of its own").
   */
  modelClass: ModelClass;
}

/**
 * 402 whose message is the JSON the web maps (`{"type":"token_balance",…}`), like the message limits' refusal, so
 * both a delta client (the 4xx body) and a LibreChat client (the message text of the error event) read it.
 */
export function tokenBalanceError(refusal: TokenBalanceRefusal): AppError {
  const details = { type: 'token_balance', ...refusal };
  return new AppError('PAYMENT_REQUIRED', JSON.stringify(details), details);
}
