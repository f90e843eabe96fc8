import type { InviteStats } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { UserRow } from '../users/users.table';
import { countInvitees } from '../users/users.repository';
import { cashbackTotals, payableFen } from './cashback.repository';
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
  };
}
