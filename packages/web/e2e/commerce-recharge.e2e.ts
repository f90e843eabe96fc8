import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.test-helpers';
import { poll } from './chat.test-helpers';
import {
  expectNoViolations,
  MIRROR,
  openMenu,
  openShop as openShopIn,
  PAY_PAGE,
  SHOTS,
} from './commerce-shop.test-helpers';

// docs/reference/commerce.md (The web's commerce screens). The shop's and the cash-back's server parts are built
// apart: here the page's own requests for the purchase options, the charge, the invite stats and the balance are
// answered with contract-shaped JSON through `route`, and the startup config gets the links and contacts. The click
// records go to the real server (POST /api/click). Screenshots go to /tmp/shop-shots.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const openShop = (options?: Parameters<typeof openShopIn>[1]) => openShopIn(browser, options);

describe('the recharge dialog', () => {
  it('recharge opens on the first card, the credits tab on the pack priced 10; above 49 the official-mirror offer shows', async () => {
    const { context, page, clicks } = await openShop();
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Recharge' }).click();
    const dialog = page.getByTestId('recharge-dialog');
    await dialog.getByRole('tab', { name: 'Subscription cards', selected: true }).waitFor();
    await poll(() => clicks.map((c) => c.body.c)).toEqual(['recharge']);
    const checked = () =>
      dialog.locator('[data-testid="purchase-option"]:has(input:checked)').getAttribute('data-price');
    expect(await checked()).toBe('5');
    const weekly = dialog.locator('[data-testid="purchase-option"][data-price="19"]');
    const text = await weekly.innerText();
    expect(text).toContain('¥19');
    expect(text).toContain('Weekly card');
    expect(text).toContain('GPT-4: 30 uses a day');
    expect(text).toContain('Unlimited GPT-3.5');
    expect(text).toContain('+3.8 bonus credits');
    const inAWeek = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() + 7);
      return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(d);
    });
    expect(text).toContain(`Valid until ${inAWeek}`);
    expect(await dialog.getByTestId('official-offer').count()).toBe(0);
    await dialog.locator('[data-testid="purchase-option"][data-price="99"]').click();
    const offer = dialog.getByTestId('official-offer');
    expect(await offer.getByRole('link').getAttribute('href')).toBe(MIRROR);
    await dialog.locator('[data-testid="purchase-option"][data-price="49"]').click();
    expect(await offer.count()).toBe(0);
    // Keyboard: the arrow moves to the credits tab, which starts on the pack priced 10 (listed second).
    await dialog.getByRole('tab', { name: 'Subscription cards' }).focus();
    await page.keyboard.press('ArrowRight');
    await dialog.getByRole('tab', { name: 'Top up credits', selected: true }).waitFor();
    expect(await checked()).toBe('10');
    expect(await dialog.getByTestId('recharge-pay').innerText()).toBe('Pay ¥10');
    await expectNoViolations(page, '[data-testid="recharge-dialog"]');
    await context.close();
  });

  it('Pay sends the option and goes to the payment page answered', async () => {
    const { context, page, charges } = await openShop();
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Recharge' }).click();
    const dialog = page.getByTestId('recharge-dialog');
    await dialog.locator('[data-testid="purchase-option"][data-price="19"]').click();
    await dialog.getByRole('button', { name: 'Pay ¥19' }).click();
    await page.waitForURL(PAY_PAGE);
    await page.getByRole('heading', { name: 'Fake payment page' }).waitFor();
    // `returnTo`: where the payment's return brings the user back (the chat they paid from).
    expect(charges).toEqual([
      {
        ctype: 'subscription',
        price: 19,
        amount: 3.8,
        period: '7d',
        access: { 'gpt-3': -1, 'gpt-4': 30 },
        returnTo: '/c/new',
      },
    ]);
    await context.close();
  });

  it('an answer without a payment page is an error in the dialog, and the user stays', async () => {
    const { context, page } = await openShop({
      charge: (route) => route.fulfill({ status: 201, json: { orderId: 'order-2' } }),
    });
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Recharge' }).click();
    const dialog = page.getByTestId('recharge-dialog');
    await dialog.getByRole('tab', { name: 'Top up credits' }).click();
    await dialog.getByRole('button', { name: 'Pay ¥10' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/payment page did not come back/)
      .waitFor();
    expect(page.url()).toMatch(/\/c\/new$/);
    expect(await dialog.getByRole('button', { name: 'Pay ¥10' }).isEnabled()).toBe(true);
    await context.close();
  });

  it('a charge refused for want of a session says to sign in again, with a link to the login page', async () => {
    const { context, page, charges } = await openShop({
      charge: (route) =>
        route.fulfill({ status: 401, json: { code: 'UNAUTHORIZED', message: 'Unauthorized' } }),
    });
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Recharge' }).click();
    const dialog = page.getByTestId('recharge-dialog');
    await dialog.getByRole('tab', { name: 'Top up credits' }).click();
    await dialog.getByRole('button', { name: 'Pay ¥10' }).click();
    const notice = dialog.getByText('You are signed out. Sign in again to pay.');
    await notice.waitFor();
    const link = dialog.getByRole('link', { name: 'Sign in' });
    expect(new URL(String(await link.getAttribute('href')), page.url()).pathname).toBe('/login');
    // Nothing was bought, and the page did not leave for a payment page.
    expect(charges.length).toBeGreaterThan(0);
    expect(page.url()).toMatch(/\/c\/new$/);
    await page.screenshot({ path: `${SHOTS}/recharge-signed-out-en-US.png` });
    await context.close();
  });
});
