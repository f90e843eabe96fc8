import { expect, inject } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import type { InviteStats, PurchaseOption, PurchaseOptions } from '@parley/shared';
import { animationsDone, newContext, routeStartupConfig } from './browser.test-helpers';
import { signedInPage } from './session.test-helpers';

// docs/reference/commerce.md (The web's commerce screens). The shop's and the cash-back's server parts are built
// apart: here the page's own requests for the purchase options, the charge, the invite stats and the balance are
// answered with contract-shaped JSON through `route`, and the startup config gets the links and contacts. The click
// records go to the real server (POST /api/click). Screenshots go to /tmp/shop-shots.

const baseUrl = inject('baseUrl');
export const SHOTS = '/tmp/shop-shots';
export const VIP = 'https://vip.example.com/';
export const HELP = 'https://docs.example.com/guide';
export const MIRROR = 'https://mirror.example.com/';
export const APK = `${baseUrl}/fake-downloads/parley.apk`;
export const PAY_PAGE = `${baseUrl}/fake-pay/order-1`;

export const card = (
  price: number,
  period: PurchaseOption['period'],
  bonus: number,
  gpt4: number,
): PurchaseOption => ({
  ctype: 'subscription',
  price,
  amount: Math.round(price * 0.2 * 100) / 100,
  value: 0,
  bonus,
  period,
  access: { 'gpt-3': -1, 'gpt-4': gpt4 },
});
export const pack = (price: number, value: number, bonus: number): PurchaseOption => ({
  ctype: 'credits',
  price,
  amount: value,
  value,
  bonus,
});
const OPTIONS: PurchaseOptions = {
  subscriptions: [
    card(5, '1d', 1, 30),
    card(19, '7d', 3.8, 30),
    card(49, '1m', 7.8, 30),
    card(99, '1mPlus', 15.8, 100),
  ],
  credits: [pack(20, 22, 10), pack(10, 10, 0), pack(50, 60, 20), pack(100, 130, 30)],
};
const STATS: InviteStats = {
  inviteCode: 'GRACE42',
  invitedCount: 7,
  invited24Count: 2,
  secondLevelCount: 3,
  totalPrice: 388,
  totalPricePayed: 20,
  totalPriceCanPay: 31.5,
  totalPriceToday: 6.7,
  adminWx: 'parley-admin',
  invitePercent: 15,
  secondLevelPercent: 5,
  registerGift: 0.5,
  newUserGift: { credits: 1.5, gpt3Uses: 50, gpt4Uses: 10 },
};

export interface Shop {
  context: BrowserContext;
  page: Page;
  clicks: Array<{ body: Record<string, unknown>; status: number }>;
  charges: Array<Record<string, unknown>>;
}

export const path = (p: string) => (url: URL) => url.pathname === p;

/** A signed-in page whose server sells OPTIONS, keeps a balance and has every link and contact configured. */
export async function openShop(
  browser: Browser,
  options: {
    locale?: string;
    width?: number;
    height?: number;
    colorScheme?: 'light' | 'dark';
    charge?: (route: Route) => Promise<void>;
  } = {},
): Promise<Shop> {
  const context = await newContext(browser, options);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  const clicks: Shop['clicks'] = [];
  const charges: Shop['charges'] = [];
  await routeStartupConfig(context, {
    checkBalance: true,
    shopEnabled: true,
    vipMirrorUrl: VIP,
    usageHelpUrl: HELP,
    officialMirrorUrl: MIRROR,
    appDownloadUrl: APK,
    support: { qq: '800123456', email: 'help@parley.example' },
  });
  await context.route(path('/api/balance'), (route) =>
    route.fulfill({ json: { c: 1_234_567, t: { 'gpt-3': -1, 'gpt-4': 10 } } }),
  );
  await context.route(path('/api/purchaseOptions'), (route) => route.fulfill({ json: OPTIONS }));
  await context.route(path('/api/user/invites'), (route) => route.fulfill({ json: STATS }));
  await context.route(path('/api/charge'), async (route) => {
    charges.push(route.request().postDataJSON() as Record<string, unknown>);
    if (options.charge) return options.charge(route);
    return route.fulfill({ status: 201, json: { orderId: 'order-1', paymentUrl: PAY_PAGE } });
  });
  await context.route(path('/fake-pay/order-1'), (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Pay</title><h1>Fake payment page</h1>' }),
  );
  // Each click record as sent, its status filled in once answered (one sent as the page leaves may never be).
  context.on('request', (request: Request) => {
    if (new URL(request.url()).pathname !== '/api/click') return;
    const entry = { body: request.postDataJSON() as Record<string, unknown>, status: 0 };
    clicks.push(entry);
    void request.response().then(
      (response) => (entry.status = response?.status() ?? 0),
      () => undefined,
    );
  });
  const { page } = await signedInPage(context, baseUrl, { tag: 'shop', name: 'Grace Hopper' });
  return { context, page, clicks, charges };
}

export const openMenu = async (page: Page) => {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menu').waitFor();
};

export async function expectNoViolations(page: Page, scope: string): Promise<void> {
  await animationsDone(page);
  // Bounded like the other steps: axe runs through page.evaluate, which has no timeout of its own.
  let timer: NodeJS.Timeout | undefined;
  const { violations } = await Promise.race([
    new AxeBuilder({ page }).include(scope).analyze(),
    new Promise<never>((_, fail) => {
      timer = setTimeout(() => fail(new Error(`axe did not finish on ${scope} within 20 s`)), 20_000);
    }),
  ]).finally(() => clearTimeout(timer));
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
