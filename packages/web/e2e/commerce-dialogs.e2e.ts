import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { animationsDone, launchBrowser } from './browser.test-helpers';
import { poll, sim, URL_ID } from './chat.test-helpers';
import {
  APK,
  expectNoViolations,
  HELP,
  openMenu,
  openShop as openShopIn,
  path,
  SHOTS,
  VIP,
} from './commerce-shop.test-helpers';

// docs/reference/commerce.md (The web's commerce screens). The shop's and the cash-back's server parts are built
// apart: here the page's own requests for the purchase options, the charge, the invite stats and the balance are
// answered with contract-shaped JSON through `route`, and the startup config gets the links and contacts. The click
// records go to the real server (POST /api/click). Screenshots go to /tmp/shop-shots.

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const openShop = (options?: Parameters<typeof openShopIn>[1]) => openShopIn(browser, options);

describe('commerce dialogs', () => {
  it('the user menu lists the VIP mirror, the balance line, Recharge, Invite and the usage help, Export; each click is recorded', async () => {
    const { context, page, clicks } = await openShop();
    await openMenu(page);
    const menu = page.getByRole('menu');
    expect(await menu.getByRole('menuitem', { name: 'VIP mirror site' }).getAttribute('href')).toBe(VIP);
    expect(await menu.getByTestId('balance').innerText()).toBe('Balance: 12.35 credits · GPT-4: 10 left');
    expect(await menu.getByRole('menuitem', { name: 'How to use' }).getAttribute('href')).toBe(HELP);
    const items = await menu.getByRole('menuitem').allInnerTexts();
    expect(items.map((s) => s.trim())).toEqual([
      'VIP mirror site',
      'Balance: 12.35 credits · GPT-4: 10 left',
      'Recharge',
      'Invite cash-back',
      'How to use',
      // Disabled on a new chat, with the reason under it (docs/reference/conversations.md (Exporting a conversation)).
      'Export conversation\nSend a message first to export',
      'Help & FAQ',
      'My Files',
      'Keyboard shortcuts',
      'Settings',
      'Log out',
    ]);
    await page.screenshot({ path: `${SHOTS}/menu-en-desktop.png` });
    await menu.getByRole('menuitem', { name: 'Invite cash-back' }).click();
    await page.getByTestId('invite-dialog').waitFor();
    await poll(() => clicks[0]?.status).toBe(204);
    const me = await page.evaluate(async () => {
      const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      return ((await refresh.json()) as { user: { id: string } }).user.id;
    });
    expect(clicks[0]).toEqual({ body: { u: me, c: 'invite' }, status: 204 });
    await page.keyboard.press('Escape');
    // Escape closes the dialog and gives focus back to the menu's button, its opener's place (the menu item is
    // gone). Waited for: a menu opened before the dialog has finished closing would lose focus to that return.
    await page.getByTestId('invite-dialog').waitFor({ state: 'detached' });
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'user-menu',
    );
    // Keyboard: the menu opens from its button and Settings is reached with the arrows.
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    // By the keys alone (the menu may render again as it opens, so no element is held): End is Log out, up is Settings.
    const focused = () =>
      page.evaluate(() =>
        document.activeElement?.getAttribute('role') === 'menuitem'
          ? document.activeElement.textContent
          : null,
      );
    await poll(focused).toBe('VIP mirror site');
    await page.keyboard.press('End');
    await poll(focused).toBe('Log out');
    await page.keyboard.press('ArrowUp');
    await poll(focused).toBe('Settings');
    await page.keyboard.press('Enter');
    await poll(() => clicks.map((c) => c.body.c)).toEqual(['invite', 'settings']);
    await context.close();
  });

  it('the invite dialog shows the stats and copies the link, saying Copied for two seconds', async () => {
    const { context, page } = await openShop();
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Invite cash-back' }).click();
    const dialog = page.getByTestId('invite-dialog');
    expect(await dialog.getByTestId('invite-link').inputValue()).toBe(`${baseUrl}/GRACE42`);
    expect(await dialog.getByTestId('invite-invited').innerText()).toBe('7');
    expect(await dialog.getByTestId('invite-second').innerText()).toBe('3');
    expect(await dialog.getByTestId('invite-canPay').innerText()).toBe('¥31.50');
    expect(await dialog.getByTestId('invite-cash-out').innerText()).toBe(
      [
        'How to cash out',
        'Add this WeChat contact and send your account and the amount; once checked, it is paid to you by hand.',
        'parley-admin\nCopy',
        "Today's cash-back can be cashed out from tomorrow.",
      ].join('\n\n'),
    );
    expect(await dialog.getByTestId('invite-intro').innerText()).toBe(
      'Share your link: you get 15% of what the people you invite pay, and 5% of what the people they invite pay. ' +
        'A new user who signs up through your link gets 1.5 credits, 50 free GPT-3.5 uses, 10 free GPT-4 uses once ' +
        'their phone or e-mail is verified.',
    );
    await dialog.getByTestId('invite-copy').click();
    await dialog.getByTestId('invite-copy').getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl}/GRACE42`);
    await dialog.getByTestId('invite-copy').getByText('Copy', { exact: true }).waitFor({ timeout: 3_000 });
    await expectNoViolations(page, '[data-testid="invite-dialog"]');
    await context.close();
  });

  it('the chat footer links 联系客服 inside its line, in zh-CN on a desktop and a phone', async () => {
    for (const [label, width, height, line] of [
      ['desktop', 1280, 800, '如有问题或建议，请联系客服。 AI 也可能会出错，请核实重要信息。 安卓客户端'],
      ['phone', 390, 844, '如有问题或建议，请联系客服。 安卓客户端'],
    ] as const) {
      const { context, page } = await openShop({ locale: 'zh-CN', width, height });
      const link = page.getByTestId('footer-support');
      expect(await link.innerText()).toBe('联系客服');
      expect(await link.locator('..').innerText()).toBe(line);
      await link.click();
      await page.getByTestId('support-dialog').getByTestId('support-qq').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('support-dialog').waitFor({ state: 'hidden' });
      await animationsDone(page);
      await page.screenshot({ path: `${SHOTS}/chat-footer-zh-CN-${label}.png` });
      await context.close();
    }
  });

  it('support copies the QQ number; the app download asks first, Cancel stays and OK goes to the APK', async () => {
    const { context, page, clicks } = await openShop();
    await context.route(path('/fake-downloads/parley.apk'), (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>APK</title><h1>APK download</h1>' }),
    );
    // The default footer line links support itself: one Contact support, inside the line.
    const footerLine = page.getByTestId('footer-support').locator('..');
    expect(await footerLine.innerText()).toBe(
      'Questions or feedback? Contact support. AI can make mistakes. Check important information. Android app',
    );
    expect(await page.getByRole('button', { name: 'Contact support' }).count()).toBe(1);
    await page.getByTestId('footer-support').click();
    const support = page.getByTestId('support-dialog');
    expect(await support.getByTestId('support-qq').innerText()).toBe('800123456');
    expect(await support.getByTestId('support-email').innerText()).toBe('help@parley.example');
    await support.getByRole('button', { name: 'Copy the QQ number' }).click();
    await support.getByTestId('support-copy-qq').getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('800123456');
    await support.getByTestId('support-copy-email').click();
    // The copy runs after the click returns: the clipboard is read until it holds the address.
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('help@parley.example');
    await expectNoViolations(page, '[data-testid="support-dialog"]');
    await page.screenshot({ path: `${SHOTS}/support-en-US.png` });
    await page.keyboard.press('Escape');

    await page.getByTestId('footer-app-download').click();
    const confirm = page.getByRole('alertdialog', { name: 'Download the Android app?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/c\/new$/);
    await page.getByTestId('footer-app-download').click();
    await confirm.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(APK);
    expect(clicks.map((c) => c.body.b)).toEqual(
      expect.arrayContaining(['footer_support', 'footer_app', 'app_download']),
    );
    await context.close();
  });

  it('the balance line opens the details: credits, free uses per family and how they are spent', async () => {
    const { context, page } = await openShop();
    await openMenu(page);
    await page.getByTestId('balance').click();
    const dialog = page.getByTestId('balance-dialog');
    await dialog.getByTestId('balance-table').waitFor();
    const rows = await dialog.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      'Credit balance 12.35 credits',
      'Free GPT-3.5-class uses Unlimited',
      'Free GPT-4-class uses 10',
    ]);
    expect(await dialog.innerText()).toContain('Each call spends your free uses first, then your credits.');
    expect(await dialog.innerText()).toContain('about 1/20 of the chat volume');
    await expectNoViolations(page, '[data-testid="balance-dialog"]');
    await page.screenshot({ path: `${SHOTS}/balance-en-US.png` });
    await dialog.getByTestId('balance-recharge').click();
    await page.getByTestId('recharge-dialog').waitFor();
    await context.close();
  });

  it.each([
    [
      'en-US',
      'Message',
      /Insufficient balance\. Balance: 0\.20 credits\. Prompt length: 1200 tokens\. Cost: 6\.00 credits\. gpt-4 costs 20× as much as gpt-3\.5\./,
      'Recharge',
      'gpt-4 is a GPT-4-class model and your free GPT-4 uses are used up, so it is paid for in credits.',
    ],
    [
      'zh-CN',
      '消息',
      /余额不足。当前余额 0\.20 积分，提示词长度 1200 个 token，本次需 6\.00 积分。gpt-4 的价格是 gpt-3\.5 的 20 倍。/,
      '去充值',
      'gpt-4 属于 GPT-4 类模型，你的 GPT-4 免费次数已用完，因此需要扣除积分。',
    ],
  ] as const)(
    'token_balance in %s: the balance, the cost, the multiplier, the class, the generations and Recharge',
    async (locale, box, shown, recharge, classNote) => {
      const { context, page } = await openShop({ locale });
      const input = page.getByRole('textbox', { name: box, exact: true });
      await input.waitFor();
      const sendLabel = locale === 'zh-CN' ? '发送消息' : 'Send message';
      await input.fill(`Hello ${sim({ reply: 'Hi.' })}`);
      await poll(() => page.getByRole('button', { name: sendLabel }).isEnabled()).toBe(true);
      await input.press('Enter');
      await page.waitForURL(URL_ID);
      await poll(() => page.locator('[role="log"] article').count()).toBe(2);
      const conversationId = URL_ID.exec(page.url())![1]!;
      const refusal = {
        type: 'token_balance',
        balance: 20_000,
        tokenCost: 600_000,
        promptTokens: 1200,
        model: 'gpt-4',
        multiplier: 20,
        modelClass: 'gpt-4',
        generations: [{ text: 'partial' }],
      };
      // The reply as a refused call leaves it: errored, its text the server's JSON.
      await context.route(path(`/api/messages/${conversationId}`), async (route) => {
        const messages = (await (await route.fetch()).json()) as Array<Record<string, unknown>>;
        const last = messages.at(-1)!;
        Object.assign(last, { error: true, text: JSON.stringify(refusal), content: undefined });
        await route.fulfill({ json: messages });
      });
      await page.reload();
      const alert = page.locator('[role="log"] article').last().getByRole('alert');
      await poll(() => alert.innerText().catch(() => '')).toMatch(shown);
      // The class, whose free uses are used up (docs/reference/balance.md (When a user cannot pay)).
      expect(await alert.getByTestId('error-note').innerText()).toBe(classNote);
      expect(await alert.locator('pre').innerText()).toContain('"text": "partial"');
      await page.screenshot({ path: `${SHOTS}/token-balance-${locale}.png` });
      await alert.getByRole('button', { name: recharge }).click();
      await page.getByTestId('recharge-dialog').getByTestId('purchase-option').first().waitFor();
      await context.close();
    },
  );

  it.each([
    ['en-US', 'light', 1280, 800],
    ['zh-CN', 'light', 1280, 800],
    ['zh-CN', 'dark', 1280, 800],
    ['zh-CN', 'light', 390, 844],
    ['en-US', 'dark', 390, 844],
  ] as const)(
    'screenshots of the recharge dialog: %s %s %ipx',
    async (locale, colorScheme, width, height) => {
      const { context, page } = await openShop({ locale, colorScheme, width, height });
      await context.addInitScript((choice) => localStorage.setItem('color-theme', choice), colorScheme);
      await page.reload();
      const drawer = async () => {
        if (width < 768) await page.getByRole('button', { name: /^(Open sidebar|展开侧边栏)$/ }).click();
      };
      await drawer();
      await openMenu(page);
      await page.screenshot({ path: `${SHOTS}/menu-${locale}-${colorScheme}-${width}.png` });
      await page.getByTestId('open-recharge').click();
      const dialog = page.getByTestId('recharge-dialog');
      await dialog.locator('[data-testid="purchase-option"][data-price="99"]').click();
      await animationsDone(page);
      await page.screenshot({ path: `${SHOTS}/recharge-${locale}-${colorScheme}-${width}.png` });
      if (colorScheme === 'dark') await expectNoViolations(page, '[data-testid="recharge-dialog"]');
      await page.keyboard.press('Escape');
      await drawer();
      await openMenu(page);
      await page.getByTestId('open-invite').click();
      await page.getByTestId('invite-link').waitFor();
      await animationsDone(page);
      await page.screenshot({ path: `${SHOTS}/invite-${locale}-${colorScheme}-${width}.png` });
      await context.close();
    },
  );
});
