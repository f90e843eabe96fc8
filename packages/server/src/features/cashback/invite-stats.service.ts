import type { Gift, InviteStats } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../users/users.table';
import { countInvitees } from '../users/users.repository';
import { cashbackTotals, payableFen } from './cashback.repository';
import { UNITS_PER_CREDIT } from '../commerce/shop-options';
import { fenToYuan } from './money';

/**
 * `GET /api/user/invites` (docs/reference/commerce.md (Invites and cash-back)): the invite counts, the cash-back
 * in yuan computed from whole fen, and the operator's invite settings.
 */
export async function inviteStats(
  deps: Pick<AppDeps, 'config' | 'database'>,
  row: UserRow,
): Promise<InviteStats> {
  const { db } = deps.database;
  const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  const [counts, totals] = await Promise.all([
    countInvitees(db, row.id, dayAgo),
    cashbackTotals(db, row.id, deps.config.balance.timeZone),
  ]);
  const invites = deps.config.invites;
  return {
    inviteCode: row.invite_code,
    ...counts,
    totalPrice: fenToYuan(totals.sourceFen),
    totalPricePayed: fenToYuan(totals.withdrawnFen),
    totalPriceCanPay: fenToYuan(payableFen(totals)),
    totalPriceToday: fenToYuan(totals.earnedTodayFen),
    adminWx: invites.adminWx,
    invitePercent: invites.percent,
    secondLevelPercent: invites.secondLevelPercent,
    registerGift: fenToYuan(invites.registerGiftFen),
    newUserGift: newUserGift(deps.config),
  };
}

/**
 * What a user who signs up through an invite link is given, as the dialog announces it: the registration gift and
 * the invite gift together, from the configuration that grants them (balance/registration-gift.ts), so the dialog
 * never promises what the server does not give. Nothing while CHECK_BALANCE is off: no gift is granted then.
 */
function newUserGift(config: AppDeps['config']): Gift {
  if (!config.app.checkBalance) return { credits: 0, gpt3Uses: 0, gpt4Uses: 0 };
  const gift = config.balance.registrationGift;
  // Summed in units (1 fen = 1000 units), as the ledger keeps them, then given in credits.
  const units = gift.credits + config.invites.registerGiftFen * (UNITS_PER_CREDIT / 100);
  return { credits: units / UNITS_PER_CREDIT, gpt3Uses: gift.gpt3Uses, gpt4Uses: gift.gpt4Uses };
}
