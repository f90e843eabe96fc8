import { z } from 'zod';
import { balanceSchema } from '../balance/balance.schema';
import { messageCostSchema } from '../balance/message-cost.schema';
import {
  chargeRequestSchema,
  chargeResultSchema,
  paymentStatusSchema,
  clickSchema,
  orderSummarySchema,
  purchaseOptionsSchema,
  usageQuerySchema,
  usageSchema,
} from '../commerce/commerce.schema';
import type { RouteSpec } from './api-route';
import type { RouteName } from './route-paths';
import { anyone, conversationParams, id, signedIn } from './route-parts';

/** Money: the balance, purchase options and orders, payment notices, invite stats, usage and clicks. */
export const COMMERCE_ROUTES = {
  getPurchaseOptions: signedIn('Commerce', 'The subscription cards and credits packs for sale', {
    responses: { 200: purchaseOptionsSchema },
  }),
  charge: signedIn('Commerce', 'Creates an order for a card or a pack and answers its payment page', {
    body: chargeRequestSchema,
    responses: { 201: chargeResultSchema },
    errors: {
      400: 'No option matches the payload.',
      404: 'The shop is off on this server.',
      429: 'Too many orders in the window (CHARGE_USER_MAX per CHARGE_USER_WINDOW minutes); `Retry-After` says when.',
    },
    description:
      'The browser goes to `paymentUrl`; the order is paid when the payment provider notifies Parley. A user keeps ' +
      'at most CHARGE_PENDING_MAX orders pending: a new one closes the oldest beyond them.',
  }),
  getOrder: signedIn('Commerce', "One of the signed-in user's orders and what it gave", {
    params: z.object({ orderId: z.string().max(64) }),
    responses: { 200: orderSummarySchema },
    errors: { 404: "No such order of this user's, or the shop is off on this server." },
    description:
      'For the notice the web shows when a payment page sends the buyer back (`?paid=<orderId>`): pending until ' +
      "the provider's notice arrives, then paid with the credits added or the card and when it runs.",
  }),
  paymentNotify: anyone('Commerce', "The payment provider's notice that an order was paid", {
    params: z.object({ provider: z.string().max(20) }),
    responses: { 200: z.string().describe('The text the provider expects (Alipay: success)'), 204: null },
    description:
      'Called by Alipay, WeChat Pay or Stripe, not by the web. The body is read as the provider sent it and its ' +
      'signature checked; the amount and currency must match the order. A repeated notice changes nothing. ' +
      '400 when the signature, the amount or the currency is wrong; 404 while the shop is off.',
  }),
  devPayPage: anyone('Commerce', 'The dev payment page of an order (PAYMENT_PROVIDER=dev only)', {
    params: z.object({ orderId: z.string().max(64) }),
    responses: { 200: z.string().describe('An HTML page with a Pay button') },
    description: '404 unless PAYMENT_PROVIDER=dev.',
  }),
  devPay: anyone('Commerce', 'Pays an order on the dev payment page (PAYMENT_PROVIDER=dev only)', {
    params: z.object({ orderId: z.string().max(64) }),
    responses: { 302: null },
    description:
      "Marks the order paid as a provider notice would, then redirects to the order's return page (`returnTo`, " +
      'else `/c/new`) with `?paid=<orderId>`.',
  }),
  wechatPayPage: anyone('Commerce', 'The WeChat Pay page of an order: its QR code to scan with WeChat', {
    params: z.object({ orderId: z.string().max(64) }),
    responses: { 200: z.string().describe('An HTML page with the QR code, which waits for the payment') },
    description:
      'The `paymentUrl` of a WeChat Pay order. Polls `GET /pay/status/:orderId` every 2 s and goes to the ' +
      "order's return page (`returnTo`, else `/c/new`) with `?paid=<orderId>` once paid. 404 for an order that " +
      'is not a WeChat Pay one, or while the shop is off.',
  }),
  paymentStatus: anyone('Commerce', 'Whether an order is pending, paid or closed', {
    params: z.object({ orderId: z.string().max(64) }),
    responses: { 200: paymentStatusSchema },
    description:
      'For the payment pages. The order id (128 random bits) is the only key, so the answer says nothing else. ' +
      '404 for an unknown order, or while the shop is off.',
  }),
  getUsage: signedIn('Balance', "The signed-in user's calls, tokens and spending by day and model", {
    query: usageQuerySchema,
    responses: { 200: usageSchema },
    errors: { 404: 'The balance is off on this server (CHECK_BALANCE is not true).' },
  }),
  click: signedIn('Commerce', 'Records a click on a menu item or a button (fire and forget)', {
    body: clickSchema,
    responses: { 204: null },
  }),
  getMessageCost: signedIn('Balance', 'What a reply cost: credits, free uses or a card', {
    params: conversationParams.extend({ messageId: id }),
    responses: { 200: messageCostSchema },
    errors: {
      404: "No such message in the user's conversation, or the balance is off on this server (CHECK_BALANCE).",
    },
    description:
      "Summed from the ledger's settlements of the reply's calls (docs/reference/balance.md (What a call costs)).",
  }),
  getBalance: signedIn('Balance', "The signed-in user's credits and free uses", {
    responses: { 200: balanceSchema },
    errors: { 404: 'The balance is off on this server (CHECK_BALANCE is not true).' },
    description:
      '`c`: credits in units (100000 = 1 credit = 1 yuan; below zero after a call that cost more than was held). ' +
      '`t`: free uses left per model family, `gpt-3` and `gpt-4` (-1: unlimited). docs/reference/balance.md.',
  }),
} satisfies Partial<Record<RouteName, RouteSpec>>;
