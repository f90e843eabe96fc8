import type { StripeSettings } from '../../config/payment-settings';
import {
  header,
  InvalidNotice,
  type NotifyRequest,
  type PaidNotice,
  type PaymentOrder,
  type PaymentProvider,
} from './payment-provider';

interface CheckoutSession {
  id: string;
  payment_status?: string;
  amount_total?: number | null;
  currency?: string | null;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  payment_intent?: string | { id: string } | null;
}

/**
 * Stripe Checkout (docs/reference/commerce.md (Stripe)): a hosted Checkout Session in CNY, and the webhook checked
 * with the endpoint's signing secret. Only `checkout.session.completed` with `payment_status: paid` pays an order.
 */
export async function stripeProvider(settings: StripeSettings): Promise<PaymentProvider> {
  const { default: Stripe } = await import('stripe');
  const stripe = new Stripe(settings.secretKey, {
    host: settings.api.host,
    port: settings.api.port,
    protocol: settings.api.protocol,
    maxNetworkRetries: 1,
  });
  return {
    name: 'stripe',
    handled: { status: 200, contentType: 'application/json', body: '{"received":true}' },
    async createPayment(order: PaymentOrder) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: order.id,
        metadata: { orderId: order.id },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'cny',
              unit_amount: order.amountFen,
              product_data: { name: order.subject },
            },
          },
        ],
        success_url: order.returnUrl,
        cancel_url: order.returnUrl,
      });
      if (!session.url) throw new Error('Stripe answered no Checkout URL');
      return { paymentUrl: session.url };
    },
    async readNotice(request: NotifyRequest): Promise<PaidNotice | null> {
      let event: { type: string; data: { object: unknown } };
      try {
        event = stripe.webhooks.constructEvent(
          request.body,
          header(request.headers, 'stripe-signature') ?? '',
          settings.webhookSecret,
        );
      } catch {
        throw new InvalidNotice('The Stripe signature does not verify');
      }
      if (event.type !== 'checkout.session.completed') return null;
      const session = event.data.object as CheckoutSession;
      if (session.payment_status !== 'paid') return null;
      const orderId = session.metadata?.orderId ?? session.client_reference_id;
      if (!orderId) throw new InvalidNotice('The session names no order');
      const intent = session.payment_intent;
      return {
        orderId,
        tradeId: typeof intent === 'string' ? intent : (intent?.id ?? session.id),
        amountFen: Number(session.amount_total),
        currency: (session.currency ?? '').toUpperCase(),
      };
    },
  };
}
