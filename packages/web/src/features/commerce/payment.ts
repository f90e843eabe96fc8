import type { ChargeResult, PurchaseOption } from '@parley/shared';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-error';
import { chargeRequestOf, returnPathOf } from './purchase';

/** Why a payment did not start: signed out, no payment page in the answer, or the server's refusal. */
export type PaymentFailure =
  { kind: 'signedOut' } | { kind: 'noPaymentUrl' } | { kind: 'error'; message: string };

export interface PaymentDeps {
  charge: (body: ReturnType<typeof chargeRequestOf>) => Promise<Partial<ChargeResult> | undefined>;
  /** Sends the browser to the payment page. */
  go: (url: string) => void;
}

const browserDeps: PaymentDeps = {
  charge: (body) => api.call('charge', { body }),
  go: (url) => window.location.assign(url),
};

/**
 * Creates the order and sends the browser to its payment page, to come back to `returnTo` (by default the
 * conversation on screen); answers null when it went, else why not
 * (docs/reference/commerce.md (The web's commerce screens)). An answer without a payment page is told to the user,
 * not only logged (docs/decisions.md, "A charge without a payment page is an error the user sees").
 */
export async function startPayment(
  option: PurchaseOption,
  deps: PaymentDeps = browserDeps,
  returnTo: string | undefined = returnPathOf(globalThis.location?.pathname ?? ''),
): Promise<PaymentFailure | null> {
  let result: Partial<ChargeResult> | undefined;
  try {
    result = await deps.charge(chargeRequestOf(option, returnTo));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { kind: 'signedOut' };
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  const url = typeof result?.paymentUrl === 'string' ? result.paymentUrl.trim() : '';
  if (!url) return { kind: 'noPaymentUrl' };
  deps.go(url);
  return null;
}
