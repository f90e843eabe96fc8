import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { poll } from './chat.test-helpers';
import { e2eServerEnv } from './global-setup';
import { signedInPage } from './session.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';

// Buying for real, end to end (docs/reference/commerce.md): a server with the balance on and the dev payment
// provider, nothing answered by the test. A new user has one free gpt-3.5 call; the next send is refused with the
// not-enough-balance message; Recharge → a credits pack → the dev payment page → Pay, and the balance line shows the
// credits; a card makes gpt-3.5 unlimited and the next calls cost nothing; the invite link leads to registration.

let browser: Browser;
let server: ServerProcess;
beforeAll(async () => {
  browser = await launchBrowser();
  const env = e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-shop-')));
  // One free gpt-3.5 call and nothing else, so the second send runs out.
  appendFileSync(
    env.CONFIG_PATH!,
    ['balance:', '  registrationGift: { credits: 0, gpt3Uses: 1, gpt4Uses: 0 }', ''].join('\n'),
  );
  server = await startServer({ ...env, CHECK_BALANCE: 'true', PAYMENT_PROVIDER: 'dev' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const box = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });

async function send(page: Page, text: string): Promise<void> {
  await poll(() => box(page).isEnabled()).toBe(true);
  await box(page).fill(text);
  await poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
  await box(page).press('Enter');
  await poll(() => page.getByRole('button', { name: 'Stop generating' }).count(), 15_000).toBe(0);
}

async function balanceLine(page: Page): Promise<string> {
  await page.getByTestId('user-menu').click();
  const line = await page.getByRole('menu').getByTestId('balance').innerText();
  await page.keyboard.press('Escape');
  return line;
}

/**
 * Recharge → the tab → the option priced `price` → its Pay button → the dev payment page → Pay, back on the
 * conversation it was bought from, with the notice of what was bought, which is closed.
 */
async function buy(page: Page, tab: 'Top up credits' | 'Subscription cards', price: string): Promise<void> {
  const from = page.url();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Recharge' }).click();
  const dialog = page.getByTestId('recharge-dialog');
  await dialog.getByRole('tab', { name: tab }).click();
  await dialog.getByTestId('purchase-option').filter({ hasText: price }).click();
  await dialog.getByRole('button', { name: `Pay ${price}` }).click();
  await page.waitForURL(/\/pay\/dev\//);
  await page.screenshot({ path: artifactPath(`shop-dev-page-${tab.split(' ')[0]}.png`) });
  await page.getByRole('button', { name: /^Pay ¥/ }).click();
  await page.waitForURL(from);
  const notice = page.getByTestId('paid-dialog');
  await notice.getByRole('heading', { name: 'Payment received' }).waitFor();
  await notice.getByTestId('paid-ok').click();
  await notice.waitFor({ state: 'detached' });
  await box(page).waitFor();
}

describe('buying credits and a card for real', () => {
  it('runs out, buys a pack and sees the balance; buys a card and sends for free; the invite link registers', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'shopper' });
    expect(await balanceLine(page)).toBe('Balance: 0.00 credits · GPT-4: 0 left');

    await send(page, 'The free one');
    await poll(() => page.locator('[role="log"] article').count()).toBe(2);
    // The gift's one call is used: the next send is refused before any provider call, with a way to recharge.
    await send(page, 'One too many');
    const refusal = page.locator('[role="log"] article').last().getByRole('alert');
    await poll(() => refusal.innerText().catch(() => '')).toContain('Your balance is 0. Recharge to go on;');
    expect(await refusal.getByRole('button', { name: 'Recharge' }).isVisible()).toBe(true);
    await page.screenshot({ path: artifactPath('shop-out-of-balance.png') });

    // A 20-yuan pack: 22 credits.
    await buy(page, 'Top up credits', '¥20');
    await poll(() => balanceLine(page)).toBe('Balance: 22.00 credits · GPT-4: 0 left');

    // The one-day card: unlimited gpt-3.5, 30 gpt-4 uses a day and 1 bonus credit.
    await buy(page, 'Subscription cards', '¥5');
    await poll(() => balanceLine(page)).toBe('Balance: 23.00 credits · GPT-4: 30 left');
    // The balance details say gpt-3.5 is unlimited while the card runs.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menu').getByTestId('balance').click();
    const table = page.getByTestId('balance-table');
    await poll(() => table.innerText()).toMatch(/GPT-3\.5[^\n]*\s+Unlimited/);
    await page.keyboard.press('Escape');
    // The payments came back to the conversation they were made from; the card's calls go in a new chat.
    await page.getByTestId('new-chat').click();
    await page.waitForURL(/\/c\/new$/);
    for (const text of ['On the card, first', 'On the card, second']) await send(page, text);
    await poll(() => page.locator('[role="log"] article').count()).toBe(4);
    expect(await page.locator('[role="log"]').getByRole('alert').count()).toBe(0);
    expect(await balanceLine(page)).toBe('Balance: 23.00 credits · GPT-4: 30 left');
    await page.screenshot({ path: artifactPath('shop-after-card.png') });

    // The invite dialog's link opens registration with the code.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Invite cash-back' }).click();
    const link = await page.getByTestId('invite-dialog').getByTestId('invite-link').inputValue();
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/[A-Za-z0-9_-]+$`));
    const visitor = await (await newContext(browser)).newPage();
    await visitor.goto(link);
    await visitor.waitForURL(/\/register\?inviteCode=/);
    expect(new URL(visitor.url()).searchParams.get('inviteCode')).toBe(link.split('/').pop());
    await visitor.context().close();
    await context.close();
  });
});
