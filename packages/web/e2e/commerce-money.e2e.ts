import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { animationsDone, artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { poll, URL_ID } from './chat.test-helpers';
import { e2eServerEnv } from './global-setup';
import { expectNoViolations } from './commerce-shop.test-helpers';
import { signedInPage } from './session.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';

// Money that explains itself, in zh-CN on a desktop and a phone (docs/reference/commerce.md, balance.md): a real
// server with the balance on, the dev payment provider and an operator's WeChat contact. A reply's details say what
// it cost; the balance line and the balance dialog give the unit and which models spend which free uses; the model
// menu marks the gpt-4 class; a payment made from a conversation comes back to it with "充值成功" and what was
// bought; the invite dialog announces the gift a new user really gets and says how a cash-out works.

let browser: Browser;
let server: ServerProcess;
beforeAll(async () => {
  browser = await launchBrowser();
  const env = e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-money-')));
  // One credit, one free use of each class.
  appendFileSync(
    env.CONFIG_PATH!,
    ['balance:', '  registrationGift: { credits: 100000, gpt3Uses: 1, gpt4Uses: 1 }', ''].join('\n'),
  );
  server = await startServer({
    ...env,
    CHECK_BALANCE: 'true',
    PAYMENT_PROVIDER: 'dev',
    INVITE_ADMIN_WX: 'parley-admin',
    INVITE_REGISTER_GIFT: '0.5',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// The desktop in the light theme, the phone in the dark one.
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800, phone: false, colorScheme: 'light' },
  { name: 'phone', width: 390, height: 844, phone: true, colorScheme: 'dark' },
] as const;

const box = (page: Page) => page.getByRole('textbox', { name: '消息', exact: true });

async function openUserMenu(page: Page, phone: boolean): Promise<void> {
  if (phone && !(await page.getByTestId('user-menu').isVisible())) {
    await page.getByRole('button', { name: '展开侧边栏' }).click();
  }
  await page.getByTestId('user-menu').click();
  await page.getByRole('menu').waitFor();
}

async function shot(page: Page, name: string): Promise<void> {
  await animationsDone(page);
  await page.screenshot({ path: artifactPath(`money-${name}.png`) });
}

/** From the user menu: Recharge → the tab → the option → Pay → the dev payment page → Pay. */
async function buy(page: Page, phone: boolean, tab: '积分充值' | '订阅卡', price: string): Promise<void> {
  await openUserMenu(page, phone);
  await page.getByRole('menuitem', { name: '充值' }).click();
  const dialog = page.getByTestId('recharge-dialog');
  await dialog.getByRole('tab', { name: tab }).click();
  await dialog.getByTestId('purchase-option').filter({ hasText: price }).click();
  await dialog.getByRole('button', { name: `支付 ${price}` }).click();
  await page.waitForURL(/\/pay\/dev\//);
  await page.getByRole('button', { name: /^Pay ¥/ }).click();
}

/** A new user's page with one reply on the default (gpt-3.5-class) model; answers the conversation's address. */
async function withReply(page: Page): Promise<string> {
  await poll(() => box(page).isEnabled(), 15_000).toBe(true);
  await box(page).fill('你好');
  await poll(() => page.getByRole('button', { name: '发送消息' }).isEnabled()).toBe(true);
  await box(page).press('Enter');
  // The question and its reply are both shown, and the reply has ended (before the send, Stop is absent too).
  await poll(() => page.locator('[role="log"] article').count(), 15_000).toBe(2);
  await poll(() => page.getByRole('button', { name: '停止生成' }).count(), 15_000).toBe(0);
  await page.waitForURL(URL_ID);
  return page.url();
}

describe.each(VIEWPORTS)('money in zh-CN on a $name', ({ name, width, height, phone, colorScheme }) => {
  const open = async (tag: string) => {
    const context = await newContext(browser, { locale: 'zh-CN', width, height, colorScheme });
    const { page } = await signedInPage(context, server.baseUrl, { tag: `money-${tag}-${name}` });
    // A step that waits too long fails with its own error, well inside the test's minute (CI once saw only "timed
    // out in 60000ms" for the first test here).
    page.setDefaultTimeout(15_000);
    return { context, page };
  };

  it("a reply's details say what it cost; the balance has its unit and names each class's models", async () => {
    const { context, page } = await open('classes');
    await withReply(page);
    const reply = page.locator('[role="log"] article').last();
    await reply.getByRole('button', { name: '详情' }).click();
    const panel = page.getByTestId('message-info-panel');
    await poll(() => panel.getByTestId('message-cost').innerText()).toBe('1 次 GPT-3.5 免费次数');
    expect(await panel.innerText()).toContain('gpt-3.5-turbo');
    await expectNoViolations(page, '[data-testid="message-info-panel"]');
    await shot(page, `reply-cost-${name}`);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    // The balance line names its unit; the details name each class's models on this server.
    await openUserMenu(page, phone);
    const line = page.getByRole('menu').getByTestId('balance');
    await poll(() => line.innerText()).toBe('余额：1.00 积分 · GPT-4 剩余 1 次');
    await shot(page, `menu-${name}`);
    await line.click();
    const balance = page.getByTestId('balance-dialog');
    await balance.getByTestId('balance-table').waitFor();
    const rows = await balance.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      '积分余额 1.00 积分',
      'GPT-3.5 类免费次数 0 次',
      'GPT-4 类免费次数 1 次',
    ]);
    // This server's, by the built-in table (docs/reference/balance.md (Model classes)): its small models (gpt-3.5,
    // Anthropic's Haiku, the custom endpoint's "-small") spend GPT-3.5 uses; the large ones and those the table does
    // not know spend GPT-4 uses.
    expect(await balance.getByTestId('balance-class-gpt3').innerText()).toBe(
      'GPT-3.5 类（使用 GPT-3.5 次数）\n\nclaude-haiku-4-5、gpt-3.5-turbo、mirror-small',
    );
    const [gpt4Title, gpt4Names] = (await balance.getByTestId('balance-class-gpt4').innerText()).split(
      '\n\n',
    );
    expect(gpt4Title).toBe('GPT-4 类（使用 GPT-4 次数）');
    const large = gpt4Names!.split('、');
    expect(large).toEqual(
      expect.arrayContaining(['claude-opus-4-5', 'claude-sonnet-4-5', 'gemini-pro', 'gpt-4', 'mirror-large']),
    );
    expect(large).not.toContain('gpt-3.5-turbo');
    await expectNoViolations(page, '[data-testid="balance-dialog"]');
    await shot(page, `balance-${name}`);
    await page.keyboard.press('Escape');
    await balance.waitFor({ state: 'detached' });

    // The model menu marks the gpt-4 class; the item's name stays the model's.
    await page.getByTestId('endpoint-menu').click();
    if (!phone) await page.getByRole('menuitem', { name: /^OpenAI/ }).click();
    const gpt4 = page.getByRole('menuitemradio', { name: 'gpt-4', exact: true });
    await gpt4.waitFor();
    expect(await gpt4.getByTestId('model-gpt4-mark').innerText()).toBe('GPT-4');
    expect(await gpt4.getAttribute('aria-describedby')).toBeTruthy();
    const plain = page.getByRole('menuitemradio', { name: 'gpt-3.5-turbo', exact: true });
    expect(await plain.getByTestId('model-gpt4-mark').count()).toBe(0);
    await shot(page, `model-menu-${name}`);
    await page.keyboard.press('Escape');

    await context.close();
  });

  it('a payment made from a conversation comes back to it with 充值成功 and what was bought', async () => {
    const { context, page } = await open('pay');
    const conversation = await withReply(page);
    // A pack bought from this conversation: back on it, with what was bought and the new balance.
    await buy(page, phone, '积分充值', '¥20');
    await page.waitForURL(conversation);
    const paid = page.getByTestId('paid-dialog');
    await paid.getByRole('heading', { name: '充值成功' }).waitFor();
    expect(await paid.getByTestId('paid-line').allInnerTexts()).toEqual(['已到账 22 积分。']);
    await poll(() => paid.getByTestId('paid-balance').innerText()).toBe('当前余额：23.00 积分');
    await expectNoViolations(page, '[data-testid="paid-dialog"]');
    await shot(page, `paid-pack-${name}`);
    await paid.getByTestId('paid-ok').click();
    await paid.waitFor({ state: 'detached' });
    // The mark is gone from the address, so a reload would not show the notice again.
    expect(page.url()).toBe(conversation);

    // A weekly card: its name, its term, its uses and its bonus credits.
    await buy(page, phone, '订阅卡', '¥19');
    await page.waitForURL(conversation);
    await paid.getByRole('heading', { name: '充值成功' }).waitFor();
    const lines = await paid.getByTestId('paid-line').allInnerTexts();
    expect(lines[0]).toBe('周卡已开通。');
    expect(lines[1]).toMatch(
      /^有效期：\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} 至 \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}。$/,
    );
    expect(lines.slice(2)).toEqual([
      '有效期内 GPT-4 每天 30 次，GPT-3.5 不限次数。',
      '另赠 3.8 积分，已到账。',
    ]);
    await poll(() => paid.getByTestId('paid-balance').innerText()).toBe('当前余额：26.80 积分');
    await shot(page, `paid-card-${name}`);
    await paid.getByTestId('paid-ok').click();
    await paid.waitFor({ state: 'detached' });
    await openUserMenu(page, phone);
    await poll(() => page.getByRole('menu').getByTestId('balance').innerText()).toBe(
      '余额：26.80 积分 · GPT-4 剩余 30 次',
    );

    await context.close();
  });

  it('the invite dialog announces the gift a new user gets here and says how to cash out', async () => {
    const { context, page } = await open('invite');
    await openUserMenu(page, phone);
    // The invite dialog: the gift a new user gets here (1 credit of registration gift, 0.5 of invite gift, the
    // free uses), and how to cash out.
    await page.getByRole('menuitem', { name: '邀请返现' }).click();
    const invite = page.getByTestId('invite-dialog');
    await invite.getByTestId('invite-intro').waitFor();
    expect(await invite.getByTestId('invite-intro').innerText()).toBe(
      '分享你的专属链接：好友充值，你得 15% 返现；好友再邀请的人充值，你得 5%。' +
        '通过链接注册的新用户，验证手机号或邮箱后可获得 1.5 积分、1 次 GPT-3.5 免费次数、1 次 GPT-4 免费次数。',
    );
    expect(await invite.getByTestId('invite-cash-out').innerText()).toBe(
      [
        '如何提现',
        '添加客服微信，发送你的账号和提现金额，核实后由人工转账给你。',
        'parley-admin\n复制',
        '今日返现次日起可提现。',
      ].join('\n\n'),
    );
    await expectNoViolations(page, '[data-testid="invite-dialog"]');
    await invite.getByTestId('invite-cash-out').scrollIntoViewIfNeeded();
    await shot(page, `invite-${name}`);
    await context.close();
  });
});
