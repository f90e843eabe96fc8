import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { applyPaidNotice } from '../commerce/order-paid';
import { shopProvider } from '../commerce/commerce.service';
import type { PaymentLoader } from './load-provider';
import { InvalidNotice, type NotifyAnswer, type NotifyRequest } from './payment-provider';

/**
 * A provider's notice (docs/reference/commerce.md (Orders and payment)): only the configured provider's, its
 * signature checked by the provider, then the order paid once. 400 for a notice that does not verify or does not
 * match its order; the provider's own "handled" answer otherwise, also for a repeat and for events that pay
 * nothing.
 */
export async function handleNotice(
  deps: AppDeps,
  payments: PaymentLoader,
  name: string,
  request: NotifyRequest,
): Promise<NotifyAnswer> {
  const provider = await shopProvider(deps, payments);
  if (name !== provider.name) throw new AppError('NOT_FOUND', `No payment provider "${name}" on this server`);
  let notice;
  try {
    notice = await provider.readNotice(request);
  } catch (error) {
    if (error instanceof InvalidNotice) throw new AppError('VALIDATION', error.message);
    throw error;
  }
  if (notice) await applyPaidNotice(deps, provider.name, notice);
  return provider.handled;
}
