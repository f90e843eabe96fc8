import { InvalidNotice, type PaymentOrder, type PaymentProvider } from './payment-provider';

/**
 * The dev provider (docs/reference/commerce.md (Dev payments)): the payment page is Parley's own, whose Pay
 * button marks the order paid. It has no notice from outside: the notify route refuses every one.
 */
export function devProvider(domainServer: string): PaymentProvider {
  return {
    name: 'dev',
    handled: { status: 204 },
    async createPayment(order: PaymentOrder) {
      return { paymentUrl: `${domainServer}/pay/dev/${order.id}` };
    },
    async readNotice() {
      throw new InvalidNotice('The dev provider takes no notices; use its payment page');
    },
  };
}
