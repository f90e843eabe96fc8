import type { ColumnType, Selectable } from 'kysely';

export type OrderStatus = 'pending' | 'paid' | 'refunded' | 'closed';

/** One order (docs/reference/commerce.md (Orders and payment)). */
export interface OrdersTable {
  /** 32 hex characters: what every provider accepts as the merchant's order number. */
  id: string;
  user_id: string;
  /** The option sold, as JSON (commerce/shop-options.ts, SoldOption). */
  option: string;
  /** What the provider must confirm was paid, in fen (1 yuan = 100 fen). */
  amount_fen: number;
  currency: string;
  provider: string;
  status: OrderStatus;
  provider_trade_id: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** What the payer scans, when the provider answers a code rather than a page (WeChat Pay's `code_url`). */
  payment_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address the order was placed from (0019-signup-addresses); null for grants and older orders. */
  payment_ip: ColumnType<string | null, string | null | undefined, string | null>;
  /** The web page the buyer comes back to once paid (0020-order-return-path); null: `/c/new`. */
  return_path: ColumnType<string | null, string | null | undefined, never>;
}
export type OrderRow = Selectable<OrdersTable>;

/** The days one card covers (docs/reference/commerce.md (Cards)). */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  period: string;
  gpt4_per_day: number;
  starts_at: string;
  ends_at: string;
  order_id: string;
  created_at: string;
}
export type SubscriptionRow = Selectable<SubscriptionsTable>;
