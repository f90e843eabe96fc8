import type { Kysely } from 'kysely';

/**
 * WeChat Pay's QR page (docs/reference/commerce.md (WeChat Pay)): an order keeps what its provider answered for the
 * payer to scan (a Native order's `code_url`), so Parley's own page can draw it as a QR code for as long as the
 * order is pending. Null for every other provider and for older orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_code', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('payment_code').execute();
}
