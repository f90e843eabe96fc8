import type { PaymentProviderName } from '../../config/payment-settings';

/** What a provider needs to start a payment. */
export interface PaymentOrder {
  id: string;
  amountFen: number;
  /** The line the payment page shows. */
  subject: string;
  /** The buyer's browser, for providers with a page made for phones; absent: a computer's. */
  client?: PaymentClient;
  /** Where the provider sends the browser back, paid or not: the order's return page (returnUrlOf). */
  returnUrl: string;
}

/** Where the buyer pays from. */
export interface PaymentClient {
  /** A phone or tablet browser. */
  mobile: boolean;
  /** WeChat's in-app browser. */
  wechat: boolean;
  /** The buyer's IP address (WeChat Pay's mobile-browser payment requires it). */
  ip: string;
}

/** A notice the provider signed: which order it paid, with what. */
export interface PaidNotice {
  orderId: string;
  /** The provider's own number of the payment. */
  tradeId: string;
  amountFen: number;
  currency: string;
}

/** The request of a notice, as it arrived: the body unparsed, since its signature covers the exact bytes. */
export interface NotifyRequest {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** What the notify route answers the provider. */
export interface NotifyAnswer {
  status: 200 | 204;
  contentType?: string;
  body?: string;
}

/**
 * One payment provider (docs/reference/commerce.md (Orders and payment)). Everything provider-specific is behind
 * this: the routes and the order's rules never name a provider.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /**
   * Starts the payment; answers where the browser goes, and what the payer scans when the provider answers a code
   * (kept on the order for Parley's own QR page).
   */
  createPayment(order: PaymentOrder): Promise<{ paymentUrl: string; paymentCode?: string }>;
  /**
   * Checks a notice's signature and reads it. Null for a genuine notice that is not a payment (another event, a
   * trade not yet successful): answered as received and otherwise ignored. Throws InvalidNotice when the
   * signature or the body is wrong.
   */
  readNotice(request: NotifyRequest): Promise<PaidNotice | null>;
  /** The answer the provider expects for a notice that was handled. */
  readonly handled: NotifyAnswer;
}

/** A notice whose signature or content is wrong: answered 400, the order untouched. */
export class InvalidNotice extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidNotice';
  }
}

/**
 * The page a buyer comes back to (docs/reference/commerce.md (Orders and payment)): the order's return path (the
 * page the recharge dialog was opened on; `/c/new` when none) on the web's domain, with `paid=<orderId>`, which
 * makes the web show what the order gave once it is paid.
 */
export const returnUrlOf = (domainClient: string, orderId: string, returnPath: string | null): string =>
  `${domainClient}${returnPath ?? '/c/new'}?paid=${encodeURIComponent(orderId)}`;

/** Where providers send notices, and Parley's own payment pages. */
export interface ProviderUrls {
  notifyUrl: string;
  /** Parley's own payment page of an order (WeChat Pay's QR page). */
  pageUrl(orderId: string): string;
}

export const header = (headers: NotifyRequest['headers'], name: string): string | undefined => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};
