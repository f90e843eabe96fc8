import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { InviteSettings } from '../../config/invite-settings';
import { findUserById } from '../users/users.repository';
import { shareOf } from './money';

/** The key that makes one order's share at one level be written once. */
export const cashbackKey = (orderId: string, level: 1 | 2): string => `cashback:${orderId}:${level}`;

/** A paid order, as the payments path knows it. */
export interface PaidOrder {
  orderId: string;
  /** Who paid. */
  userId: string;
  /** What was paid, in fen. */
  amountFen: number;
  /** When it was paid (ISO): the earnings are dated by it. */
  paidAt: string;
}

/**
 * Records the invite cash-back of a paid order (docs/reference/commerce.md (Invites and cash-back)), in the
 * caller's transaction (the one that marks the order paid, so an order is never paid without its cash-back nor the
 * reverse): `percent` of the payment to the payer's inviter (level 1) and `secondLevelPercent` to the inviter's
 * inviter (level 2), each floored to the fen. Append-only and idempotent: each share carries the key
 * `cashback:<order>:<level>`, so a replayed payment notice writes nothing more. A share that rounds to zero, or a
 * level with nobody, writes no row. The shares are the config's (INVITE_PERCENT, INVITE_SECOND_LEVEL_PERCENT).
 */
export async function recordCashback(
  trx: Db,
  paid: PaidOrder,
  shares: Pick<InviteSettings, 'percent' | 'secondLevelPercent'>,
): Promise<void> {
  if (!Number.isSafeInteger(paid.amountFen) || paid.amountFen <= 0) return;
  const payer = await findUserById(trx, paid.userId);
  if (!payer) return;
  const levels = [
    { level: 1 as const, beneficiary: payer.inviter_id, percent: shares.percent },
    { level: 2 as const, beneficiary: payer.second_inviter_id, percent: shares.secondLevelPercent },
  ];
  for (const { level, beneficiary, percent } of levels) {
    const amount = shareOf(paid.amountFen, percent);
    if (!beneficiary || beneficiary === paid.userId || amount <= 0) continue;
    await trx
      .insertInto('cashback_entries')
      .values({
        id: randomUUID(),
        user_id: beneficiary,
        kind: 'earn',
        amount_fen: amount,
        level,
        source_order_id: paid.orderId,
        source_user_id: paid.userId,
        source_amount_fen: paid.amountFen,
        reason: `${percent}% of order ${paid.orderId} (level ${level})`,
        operator: null,
        unique_key: cashbackKey(paid.orderId, level),
        created_at: paid.paidAt,
      })
      .onConflict((oc) => oc.column('unique_key').doNothing())
      .execute();
  }
}
