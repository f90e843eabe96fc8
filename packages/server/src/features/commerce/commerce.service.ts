import type { ChargeRequest, ChargeResult, PurchaseOptions } from '@parley/shared';
import { normalizeIP } from '@fastify/rate-limit';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import type { PaymentLoader } from '../payments/load-provider';
import { returnUrlOf, type PaymentClient, type PaymentProvider } from '../payments/payment-provider';
import { closePendingBeyond, insertOrder } from './orders.repository';
import { findSoldOption, purchaseOptionsOf, subjectOf, toFen } from './shop-options';

/** The shop sells only where there is a balance to credit and a provider to pay through. */
export function shopProvider(deps: AppDeps, payments: PaymentLoader): Promise<PaymentProvider> {
  const provider = deps.config.app.checkBalance ? payments() : null;
  if (!provider) throw new AppError('NOT_FOUND', 'The shop is not enabled on this server');
  return provider;
}

/** `GET /api/purchaseOptions` (docs/reference/commerce.md (Purchase options)). */
export async function getPurchaseOptions(deps: AppDeps, payments: PaymentLoader): Promise<PurchaseOptions> {
  await shopProvider(deps, payments);
  return purchaseOptionsOf(deps.config.shop);
}

/**
 * `POST /api/charge` (docs/reference/commerce.md (Orders and payment)): a pending order for the option asked for,
 * at the price the server sells it, and the provider's payment page. When the provider cannot start the payment
 * the order is closed and the call answers 502. The route counts the calls per user (charge-limit.ts).
 */
export async function charge(
  deps: AppDeps,
  payments: PaymentLoader,
  userId: string,
  request: ChargeRequest,
  client?: PaymentClient,
): Promise<ChargeResult> {
  const provider = await shopProvider(deps, payments);
  const option = findSoldOption(deps.config.shop, request);
  if (!option) {
    throw new AppError('VALIDATION', 'No purchase option matches the payload', { field: 'price' });
  }
  const { db } = deps.database;
  const amountFen = toFen(option.price);
  const { id: orderId } = await insertOrder(db, {
    userId,
    option,
    amountFen,
    provider: provider.name,
    status: 'pending',
    // Shown beside the cash-back it earns, should the payer share an address with their inviter.
    paymentIp: client ? normalizeIP(client.ip) : null,
    returnPath: request.returnTo ?? null,
  });
  // A user keeps a few orders pending at most (a payment page left open, a second try): the oldest beyond them are
  // closed rather than the new one refused, so no one is locked out of paying for a day
  // (docs/decisions.md, "Charges are limited per user, and old pending orders closed").
  await closePendingBeyond(db, userId, deps.config.shop.chargeLimits.pendingMax, orderId);
  try {
    const { paymentUrl, paymentCode } = await provider.createPayment({
      id: orderId,
      amountFen,
      subject: subjectOf(option),
      // Back to the page the dialog was opened on, which then says what the order gave (docs/decisions.md,
      // "A payment comes back to where it was made").
      returnUrl: returnUrlOf(deps.config.domainClient, orderId, request.returnTo ?? null),
      ...(client ? { client } : {}),
    });
    if (paymentCode) {
      await db.updateTable('orders').set({ payment_code: paymentCode }).where('id', '=', orderId).execute();
    }
    return { orderId, paymentUrl };
  } catch (error) {
    await db
      .updateTable('orders')
      .set({ status: 'closed', updated_at: nowIso() })
      .where('id', '=', orderId)
      .execute();
    throw new AppError('BAD_GATEWAY', 'The payment provider could not start the payment', undefined, {
      cause: error,
    });
  }
}
