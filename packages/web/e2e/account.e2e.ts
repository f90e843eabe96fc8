import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { animationsDone, artifactPath, launchBrowser, newContext, uniqueEmail } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { PASSWORD } from './session.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';

// Settings → Account (docs/reference/accounts.md (The account page)) in zh-CN, on a phone and a desktop, in both
// themes, against a server whose SMS codes go to its log (SMS_PROVIDER=log) and which sends no e-mail.

const dir = mkdtempSync(join(tmpdir(), 'parley-e2e-account-'));
const logFile = join(dir, 'server.log');
let browser: Browser;
let server: ServerProcess;

const NEW_PASSWORD = 'a much better passphrase';
const PHONE = { width: 390, height: 844 };

const randomPhone = () => `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The newest code the log transport wrote for the phone, waited for (the send is answered before it is logged). */
async function codeFor(phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(logFile)) return undefined;
        code = readFileSync(logFile, 'utf8')
          .split('\n')
          .filter((line) => line.includes(`"smsPhone":"${phone}"`))
          .map((line) => (JSON.parse(line) as { smsCode: string }).smsCode)
          .pop();
        return code;
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBeDefined();
  return code!;
}

/** Calls the API from the page without a session (sign-up, sign-in checks). */
function postFromPage(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ([path, body]) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    [path, body] as const,
  );
}

/** axe's default rules (WCAG 2.0/2.1 A and AA) on the open dialog: no violation, listed by rule and target if any. */
async function expectAxeClean(page: Page, scope: string): Promise<void> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function openAccountTab(page: Page, phone = false) {
  // On a phone the user menu sits in the sidebar, closed at first.
  if (phone) await page.getByRole('button', { name: '展开侧边栏' }).click();
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '设置' }).click();
  const settings = page.getByTestId('settings-dialog');
  await settings.getByRole('tab', { name: '账户' }).click();
  await settings.getByTestId('account-heading').waitFor();
  return settings;
}

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ ...e2eServerEnv(inject('simUrl'), dir), SMS_PROVIDER: 'log' }, { logFile });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the account page', () => {
  it('on a phone (light): a phone user renames, changes the password, sees e-mail is off, and deletes the account', async () => {
    const phone = randomPhone();
    const page = await (await newContext(browser, { locale: 'zh-CN', ...PHONE })).newPage();
    await page.goto(`${server.baseUrl}/login`);
    expect(await postFromPage(page, '/api/auth/sendVerifyCode', { phoneNumber: phone })).toBe(200);
    const code = await codeFor(phone);
    expect(
      await postFromPage(page, '/api/auth/phoneLogin', { phone, verifyCode: code, password: PASSWORD }),
    ).toBe(201);
    await page.goto(`${server.baseUrl}/c/new`);
    await page.locator('main').waitFor();

    const settings = await openAccountTab(page, true);
    const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;
    expect(await settings.getByTestId('account-heading').textContent()).toBe(masked);
    expect(await settings.getByTestId('account-phone').textContent()).toContain(phone);
    // This server sends no e-mail: binding one is not offered, and the row says why.
    expect(await settings.getByTestId('account-email').textContent()).toContain(
      '本站未开通邮件服务，暂时无法绑定或验证邮箱。',
    );
    expect(await settings.getByTestId('bind-email').count()).toBe(0);
    await expectAxeClean(page, '[data-testid="settings-dialog"]');
    await page.screenshot({ path: artifactPath('account-phone-light.png') });

    // The display name: a name under the rules, then the heading and the menu's letter follow it.
    await settings.getByTestId('edit-name').click();
    await settings.getByTestId('name-input').fill('A');
    await settings.getByTestId('save-name').click();
    await settings.getByText('姓名至少需要 2 个字符（一个汉字也可以）').waitFor();
    await settings.getByTestId('name-input').fill('李雷');
    await settings.getByTestId('save-name').click();
    await page.getByText('昵称已保存', { exact: true }).waitFor();
    expect(await settings.getByTestId('account-heading').textContent()).toBe('李雷');

    // The password: a wrong current one is refused in place, the right one changes it.
    await settings.getByTestId('change-password').click();
    const dialog = page.getByTestId('password-dialog');
    await dialog.getByLabel('当前密码').fill('not the password');
    await dialog.getByLabel('新密码', { exact: true }).fill(NEW_PASSWORD);
    await dialog.getByLabel('确认新密码').fill(NEW_PASSWORD);
    await dialog.getByTestId('save-password').click();
    await dialog.getByText('当前密码不正确。').waitFor();
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('account-phone-password.png') });
    await dialog.getByLabel('当前密码').fill(PASSWORD);
    await dialog.getByTestId('save-password').click();
    await page.getByText('密码已修改，其他设备已退出登录。', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await postFromPage(page, '/api/auth/login', { email: phone, password: PASSWORD })).toBe(401);

    // Deletion: the button waits for the password; then the user is signed out at /login.
    await settings.getByTestId('delete-account').click();
    const remove = page.getByTestId('delete-account-dialog');
    await remove.getByText('您的对话、消息、预设、文件、API 密钥和登录状态将被全部删除。').waitFor();
    expect(await remove.getByTestId('delete-account-submit').isDisabled()).toBe(true);
    await remove.getByTestId('delete-confirm-input').fill(NEW_PASSWORD);
    await expectAxeClean(page, '[data-testid="delete-account-dialog"]');
    await page.screenshot({ path: artifactPath('account-phone-delete.png') });
    await remove.getByTestId('delete-account-submit').click();
    await page.waitForURL(/\/login$/);
    await page.getByText('账号已注销。', { exact: true }).waitFor();
    expect(await postFromPage(page, '/api/auth/login', { email: phone, password: NEW_PASSWORD })).toBe(401);
  });

  it('on a desktop (dark): an e-mail user binds a phone with the texted code', async () => {
    const page = await (
      await newContext(browser, { locale: 'zh-CN', width: 1280, height: 800, colorScheme: 'dark' })
    ).newPage();
    await page.goto(`${server.baseUrl}/login`);
    const email = uniqueEmail('account');
    expect(
      await postFromPage(page, '/api/auth/register', {
        name: 'Grace Hopper',
        email,
        password: PASSWORD,
        confirm_password: PASSWORD,
      }),
    ).toBe(201);
    await page.goto(`${server.baseUrl}/c/new`);
    await page.locator('main').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);

    const settings = await openAccountTab(page);
    expect(await settings.getByTestId('account-phone').textContent()).toContain('未绑定');
    expect(await settings.getByTestId('account-email').textContent()).toContain(email);
    await expectAxeClean(page, '[data-testid="settings-dialog"]');
    await page.screenshot({ path: artifactPath('account-desktop-dark.png') });

    const phone = randomPhone();
    await settings.getByTestId('bind-phone').click();
    const dialog = page.getByTestId('bind-phone-dialog');
    await dialog.getByLabel('手机号').fill(phone);
    await dialog.getByTestId('bind-send-code').click();
    await dialog.getByText('验证码已发送').waitFor();
    await dialog.getByLabel('验证码').fill(await codeFor(phone));
    await expectAxeClean(page, '[data-testid="bind-phone-dialog"]');
    await page.screenshot({ path: artifactPath('account-desktop-bind-phone.png') });
    await dialog.getByTestId('bind-phone-submit').click();
    await page.getByText('手机号已绑定', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await settings.getByTestId('account-phone').textContent()).toContain(phone);
    expect(await settings.getByTestId('account-phone').textContent()).toContain('已验证');
    expect(await settings.getByTestId('bind-phone').count()).toBe(0);
    // The phone now signs in to this account.
    expect(await postFromPage(page, '/api/auth/login', { email: phone, password: PASSWORD })).toBe(200);
  });
});
