import type { Balance } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { activeCard } from '../commerce/cards';
import { readBalance } from '../ledger/ledger.repository';

const balanceOff = () => new AppError('NOT_FOUND', 'The balance is not enabled on this server');

/**
 * `GET /api/balance` (docs/reference/balance.md (Reading the balance)): the cached ledger sums as `{c, t}`. 404 while
 * CHECK_BALANCE is off: there is no balance to show, and the web does not ask then.
 */
export async function getBalance(deps: AppDeps, userId: string): Promise<Balance> {
  if (!deps.config.app.checkBalance) throw balanceOff();
  const { db } = deps.database;
  const b = await readBalance(db, userId);
  // While a card is in force its gpt-3.5 uses are unlimited: -1 (docs/reference/commerce.md (Cards)).
  const card = await activeCard(db, userId, nowIso());
  return { c: b.credits, t: { 'gpt-3': card ? -1 : b.gpt3Uses, 'gpt-4': b.gpt4Uses } };
}
