import type { Kysely } from 'kysely';

/**
 * Where accounts and payments came from, so the operator can see a self-made invite chain before paying its
 * cash-back (docs/reference/commerce.md (Invites and cash-back)), and so a banned account's address cannot sign up
 * anew during its ban (docs/reference/accounts.md (Bans)). Addresses are stored as the rate limits count them (an
 * IPv6 client by its /64). Older rows keep nulls.
 * - `users.signup_ip`: the address the account was made from.
 * - `users.signup_device_of`: the account the browser's known-device cookie named at sign-up (the browser's
 *   previous account), when there was a valid one.
 * - `users.banned_ip`: the address a violation ban was applied from, kept with the account's ban.
 * - `orders.payment_ip`: the address the order was placed from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('signup_ip', 'text').execute();
  await db.schema.alterTable('users').addColumn('signup_device_of', 'text').execute();
  await db.schema.alterTable('users').addColumn('banned_ip', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_ip', 'text').execute();
  await db.schema.createIndex('users_signup_ip_idx').on('users').column('signup_ip').execute();
  await db.schema.createIndex('users_banned_ip_idx').on('users').column('banned_ip').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_banned_ip_idx').execute();
  await db.schema.dropIndex('users_signup_ip_idx').execute();
  await db.schema.alterTable('orders').dropColumn('payment_ip').execute();
  for (const column of ['banned_ip', 'signup_device_of', 'signup_ip']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
