import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { SubscriptionRow } from './commerce.table';
import type { SoldOption } from './shop-options';

const DAY_MS = 24 * 60 * 60 * 1000;
const plusDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();
const later = (a: string, b: string) => (a > b ? a : b);

/** The card in force at `at` (rows of one user never overlap), if any. */
export async function activeCard(db: Db, userId: string, at: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at)
    .orderBy('gpt4_per_day', 'desc')
    .executeTakeFirst();
}

type Card = Extract<SoldOption, { ctype: 'subscription' }>;

/**
 * Adds a paid card's days (docs/reference/commerce.md (Cards)). With no card running it starts now. A card with
 * more gpt-4 uses a day than the running one starts now too, and every running or waiting card is moved later by
 * its days, so none of their remaining days is lost. Any other card waits after the last one. Answers the new row.
 */
export async function addCard(
  trx: Db,
  userId: string,
  card: Card,
  orderId: string,
  now: string,
): Promise<SubscriptionRow> {
  const running = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('ends_at', '>', now)
    .orderBy('starts_at')
    .execute();
  const current = running.find((r) => r.starts_at <= now);
  let startsAt = now;
  if (current && card.gpt4PerDay > current.gpt4_per_day) {
    for (const row of running) {
      await trx
        .updateTable('subscriptions')
        .set({
          starts_at: plusDays(later(row.starts_at, now), card.days),
          ends_at: plusDays(row.ends_at, card.days),
        })
        .where('id', '=', row.id)
        .execute();
    }
  } else if (running.length > 0) {
    startsAt = running.reduce((end, r) => later(end, r.ends_at), now);
  }
  const row: SubscriptionRow = {
    id: randomUUID(),
    user_id: userId,
    period: card.period,
    gpt4_per_day: card.gpt4PerDay,
    starts_at: startsAt,
    ends_at: plusDays(startsAt, card.days),
    order_id: orderId,
    created_at: now,
  };
  await trx.insertInto('subscriptions').values(row).execute();
  return row;
}

/** Users with a card in force at `at`, a page at a time in id order, with the card's daily gpt-4 uses. */
export async function cardHolders(
  db: Db,
  at: string,
  after: string | null,
  limit: number,
): Promise<{ userId: string; gpt4PerDay: number }[]> {
  let query = db
    .selectFrom('subscriptions')
    .select((eb) => ['user_id', eb.fn.max('gpt4_per_day').as('per_day')])
    .where('starts_at', '<=', at)
    .where('ends_at', '>', at);
  if (after !== null) query = query.where('user_id', '>', after);
  const rows = await query.groupBy('user_id').orderBy('user_id').limit(limit).execute();
  return rows.map((r) => ({ userId: r.user_id, gpt4PerDay: Number(r.per_day) }));
}
