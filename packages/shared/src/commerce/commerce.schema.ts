import { z } from 'zod';
import { modelClassSchema } from '../balance/model-class';

// The commerce calls' payloads and answers (docs/reference/commerce.md): what is for sale, an order, invite stats
// with cash-back, usage and the menu-click record. Amounts of money are yuan with at most two decimals on the wire;
// the server keeps them as whole fen (1 yuan = 100 fen) and credits as units (100000 = 1 credit).

/** `credits`: a credits pack; `subscription`: a subscription card. */
export const purchaseTypeSchema = z.enum(['credits', 'subscription']);
export type PurchaseType = z.infer<typeof purchaseTypeSchema>;

/** A card's length: one day, seven days, one month, the premium month. */
export const cardPeriodSchema = z.enum(['1d', '7d', '1m', '1mPlus']);
export type CardPeriod = z.infer<typeof cardPeriodSchema>;

/**
 * One thing for sale. A pack: `price` yuan buys `value` credits (`bonus`: the extra, in percent of the price). A card:
 * `price` yuan for `period`, with `bonus` credits added at once, and `access`, the uses per day by model family
 * (`gpt-3`: -1, unlimited). `amount` is what the order sends as its amount: a pack's credits, a card's price times 0.2.
 */
export const purchaseOptionSchema = z.object({
  ctype: purchaseTypeSchema,
  price: z.number().positive(),
  amount: z.number().nonnegative(),
  value: z.number().nonnegative(),
  bonus: z.number().nonnegative(),
  period: cardPeriodSchema.optional(),
  access: z.record(z.string(), z.number().int().min(-1)).optional(),
});
export type PurchaseOption = z.infer<typeof purchaseOptionSchema>;

/** `GET /api/purchaseOptions`: the cards and the packs, in display order. */
export const purchaseOptionsSchema = z.object({
  subscriptions: z.array(purchaseOptionSchema),
  credits: z.array(purchaseOptionSchema),
});
export type PurchaseOptions = z.infer<typeof purchaseOptionsSchema>;

/**
 * A path of the web app to come back to: starts with one `/` (never `//`, which would name another site), letters,
 * digits and `/-_.~` only (no query, no fragment, no escapes), at most 200 characters.
 */
export const returnPathSchema = z
  .string()
  .max(200)
  .regex(/^\/(?![/\\])[A-Za-z0-9/_.~-]*$/, 'must be a path of this site, such as /c/new');

/**
 * `POST /api/charge`: the option chosen, as the recharge dialog sends it. The server finds the option by `ctype`,
 * `price` and `period` and refuses a payload whose other fields do not match it (a client never sets a price).
 */
export const chargeRequestSchema = z.object({
  ctype: purchaseTypeSchema,
  price: z.number().positive(),
  amount: z.number().nonnegative(),
  period: cardPeriodSchema.optional(),
  access: z.record(z.string(), z.number().int().min(-1)).optional(),
  /**
   * Where the buyer comes back to once paid: a path of this site (`/c/<conversationId>`), the page the recharge
   * dialog was opened on. Absent: `/c/new`.
   */
  returnTo: returnPathSchema.optional(),
});
export type ChargeRequest = z.infer<typeof chargeRequestSchema>;

/** The order made, and the payment page the browser goes to. */
export const chargeResultSchema = z.object({
  orderId: z.string(),
  paymentUrl: z.string(),
});
export type ChargeResult = z.infer<typeof chargeResultSchema>;

/**
 * `GET /pay/status/:orderId`: where an order stands, for the payment page that waits for it. `closed` also stands
 * for a refunded order: the page only needs to know it will not be paid.
 */
export const paymentStatusSchema = z.object({ status: z.enum(['pending', 'paid', 'closed']) });
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/**
 * `GET /api/orders/:orderId`: one of the signed-in user's orders and what it gave, for the "充值成功" notice the web
 * shows when the payment page sends the buyer back. `credits`: the credits the order adds (a pack's, or a card's
 * bonus). A card: its `period`, its gpt-4 uses a day and, once paid, when it runs (`startsAt`, `endsAt`; a card
 * bought while another runs may start later). `status` reads as `GET /pay/status/:orderId` does.
 */
export const orderSummarySchema = z.object({
  orderId: z.string(),
  status: z.enum(['pending', 'paid', 'closed']),
  ctype: purchaseTypeSchema,
  price: z.number().nonnegative(),
  credits: z.number().nonnegative(),
  period: cardPeriodSchema.optional(),
  gpt4PerDay: z.number().int().nonnegative().optional(),
  startsAt: z.string().optional(),
  endsAt: z.string().optional(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** Credits and free uses of each class: what a new user is given. `credits` in credits (1 credit = 1 yuan). */
export const giftSchema = z.object({
  credits: z.number().nonnegative(),
  gpt3Uses: z.number().int().nonnegative(),
  gpt4Uses: z.number().int().nonnegative(),
});
export type Gift = z.infer<typeof giftSchema>;

/**
 * `GET /api/user/invites`: who the user's code brought and what it earned. Money in yuan: `totalPrice`, what the
 * invitees paid (both levels); `totalPricePayed`, cash-back already paid out; `totalPriceCanPay`, cash-back that may
 * be asked for now (today's excluded); `totalPriceToday`, cash-back earned today. `invitePercent` and
 * `secondLevelPercent` are the shares; `registerGift`, the invite gift in yuan; `adminWx`, whom to ask for a
 * cash-out. `newUserGift`: all a user who signs up through the link gets (the registration gift and the invite gift
 * together; nothing while the server keeps no balance).
 */
export const inviteStatsSchema = z.object({
  inviteCode: z.string(),
  invitedCount: z.number().int().nonnegative(),
  invited24Count: z.number().int().nonnegative(),
  secondLevelCount: z.number().int().nonnegative(),
  totalPrice: z.number().nonnegative(),
  totalPricePayed: z.number().nonnegative(),
  totalPriceCanPay: z.number().nonnegative(),
  totalPriceToday: z.number().nonnegative(),
  adminWx: z.string(),
  invitePercent: z.number().nonnegative(),
  secondLevelPercent: z.number().nonnegative(),
  registerGift: z.number().nonnegative(),
  newUserGift: giftSchema,
});
export type InviteStats = z.infer<typeof inviteStatsSchema>;

/**
 * `GET /api/balance/usage?days=N` (1 to 90, default 30): one row per day, model and class the calls were charged in,
 * newest day first.
 */
export const usageQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(90).default(30),
});
export const usageRowSchema = z.object({
  day: z.string().describe('YYYY-MM-DD in the balance time zone'),
  model: z.string(),
  /**
   * The class the calls were charged in (their free uses and price); null for calls settled in credits before the
   * class was recorded.
   */
  modelClass: modelClassSchema.nullable(),
  calls: z.number().int().nonnegative(),
  promptTokens: z.number().int().nonnegative(),
  completionTokens: z.number().int().nonnegative(),
  /** Credits spent, in units (100000 = 1 credit). */
  credits: z.number().int(),
  gpt3Uses: z.number().int().nonnegative(),
  gpt4Uses: z.number().int().nonnegative(),
});
export const usageSchema = z.array(usageRowSchema);
export type UsageRow = z.infer<typeof usageRowSchema>;

/** `POST /api/click`: a menu item (`c`) or a button (`b`) the user clicked; fire and forget. */
export const clickSchema = z.union([
  z.object({ u: z.string().max(64), c: z.string().min(1).max(64) }),
  z.object({ u: z.string().max(64), b: z.string().min(1).max(64) }),
]);
export type Click = z.infer<typeof clickSchema>;
