import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';

/** The key that makes one order's reversal at one level be written once. */
export const reverseKey = (orderId: string, level: number): string => `cashback-reverse:${orderId}:${level}`;

/** Who took a refunded order's cash-back back, and why. */
export interface Reversal {
  orderId: string;
  reason: string;
  operator: string;
  now: string;
}

/**
 * Takes back what a refunded order earned its payer's inviters (docs/reference/commerce.md (Refunds)), in the
 * caller's transaction: each `earn` row of the order gets a `reverse` row of the opposite amount
 * and the opposite `source_amount_fen`, so what was earned and what the invitees paid both drop by it. The rows
 * stay append-only, and `cashback-reverse:<order>:<level>` makes a second reversal write nothing. Answers the
 * reversed rows (user, level, fen).
 */
export async function reverseCashback(
  trx: Db,
  r: Reversal,
): Promise<{ userId: string; level: number; amountFen: number }[]> {
  const earned = await trx
    .selectFrom('cashback_entries')
    .selectAll()
    .where('source_order_id', '=', r.orderId)
    .where('kind', '=', 'earn')
    .orderBy('level')
    .execute();
  const reversed: { userId: string; level: number; amountFen: number }[] = [];
  for (const row of earned) {
    const level = row.level ?? 0;
    const amountFen = Number(row.amount_fen);
    const inserted = await trx
      .insertInto('cashback_entries')
      .values({
        id: randomUUID(),
        user_id: row.user_id,
        kind: 'reverse',
        amount_fen: -amountFen,
        level: row.level,
        source_order_id: r.orderId,
        source_user_id: row.source_user_id,
        source_amount_fen: row.source_amount_fen === null ? null : -Number(row.source_amount_fen),
        reason: `order ${r.orderId} refunded: ${r.reason}`,
        operator: r.operator,
        unique_key: reverseKey(r.orderId, level),
        created_at: r.now,
      })
      .onConflict((oc) => oc.column('unique_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) reversed.push({ userId: row.user_id, level, amountFen });
  }
  return reversed;
}
