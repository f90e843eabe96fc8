import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathOf, type ChargeRequest } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { PaymentSettings } from '../../config/payment-settings';
import type { DialectName } from '../../db/database';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { applyPaidNotice } from './order-paid';
import { insertOrder } from './orders.repository';
import { findSoldOption, toFen } from './shop-options';

// Shared by the commerce tests; not part of the app.

/** An app with CHECK_BALANCE on and the given payment provider. */
export async function startShop(dialect: DialectName, payment: PaymentSettings | null): Promise<TestApp> {
  return buildTestApp(dialect, {
    app: { checkBalance: true },
    // The merge of the test config does not reach into a union: the provider is given whole.
    payment: payment as never,
  });
}

export const depsOf = (test: TestApp): AppDeps => ({
  config: test.config,
  database: test.database,
  redis: null,
});

export const pack10: ChargeRequest = { ctype: 'credits', price: 10, amount: 10 };
export const card1m: ChargeRequest = {
  ctype: 'subscription',
  price: 49,
  amount: 9.8,
  period: '1m',
  access: { 'gpt-3': -1, 'gpt-4': 30 },
};

export async function chargeAs(
  test: TestApp,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await test.app.inject({
    method: 'POST',
    url: pathOf('charge'),
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json<{ orderId: string; paymentUrl: string; code?: string }>() };
}

/** Posts a provider's notice as the provider would: the exact body text, its content type and headers. */
export async function notify(
  test: TestApp,
  provider: string,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
) {
  const res = await test.app.inject({
    method: 'POST',
    url: `/api/pay/notify/${provider}`,
    headers: { 'content-type': contentType, ...headers },
    payload: body,
  });
  return { status: res.statusCode, body: res.body };
}

export async function orderOf(test: TestApp, orderId: string) {
  return test.database.db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

/** A local stand-in for a provider's API: each request is recorded and answered by `answer`. */
export async function standIn(
  answer: (req: IncomingMessage, body: string, res: ServerResponse) => void,
): Promise<{
  url: string;
  port: number;
  requests: { url: string; body: string; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}> {
  const requests: { url: string; body: string; headers: IncomingMessage['headers'] }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ url: req.url ?? '', body, headers: req.headers });
      answer(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A pending order of a card or pack, as `POST /api/charge` writes it, and the dev notice that would pay it. */
export async function pendingOrder(deps: AppDeps, userId: string, request: ChargeRequest) {
  const option = findSoldOption(deps.config.shop, request);
  if (!option) throw new Error('no such option');
  const amountFen = toFen(option.price);
  const { id } = await insertOrder(deps.database.db, {
    userId,
    option,
    amountFen,
    provider: 'dev',
    status: 'pending',
  });
  return { orderId: id, tradeId: `t-${id}`, amountFen, currency: 'CNY' as const };
}

/** A paid card or pack for a user, as a dev payment gives it, without going through the routes. */
export async function paidOrder(deps: AppDeps, userId: string, request: ChargeRequest): Promise<string> {
  const notice = await pendingOrder(deps, userId, request);
  await applyPaidNotice(deps, 'dev', notice);
  return notice.orderId;
}
