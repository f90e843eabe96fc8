import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactPath, launchBrowser, newContext, uniqueEmail } from './browser.test-helpers';

interface Labels {
  name: string;
  username: string;
  email: string;
  password: string;
  confirm: string;
  register: RegExp;
  login: RegExp;
  logout: RegExp;
  badLogin: string;
}

const EN: Labels = {
  name: 'Full name',
  username: 'Username (optional)',
  email: 'Email',
  password: 'Password',
  confirm: 'Confirm password',
  register: /^Submit$/,
  login: /^Continue$/,
  logout: /^Log out$/,
  badLogin: 'Unable to login with the information provided.',
};

const ZH: Labels = {
  name: '姓名',
  username: '用户名（可选）',
  email: '电子邮箱',
  password: '密码',
  confirm: '确认密码',
  register: /^提交$/,
  login: /^继续$/,
  logout: /^退出登录$/,
  badLogin: '无法使用所提供的信息登录',
};

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function register(
  page: Page,
  L: Labels,
  email: string,
  name: string,
  password = 'correct horse battery',
) {
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel(L.name, { exact: true }).fill(name);
  await page.getByLabel(L.username, { exact: true }).fill(`u${Math.random().toString(36).slice(2, 10)}`);
  await page.getByLabel(L.email, { exact: true }).fill(email);
  await page.getByLabel(L.password, { exact: true }).fill(password);
  await page.getByLabel(L.confirm, { exact: true }).fill(password);
  await page.getByRole('button', { name: L.register }).click();
}

async function logout(page: Page, L: Labels, name: string) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: L.logout }).or(page.getByTestId('logout')).first().click();
  await page.waitForURL(/\/login(\?|$)/);
  void name;
}

async function login(page: Page, L: Labels, email: string, password: string) {
  await page.getByLabel(L.email, { exact: true }).first().fill(email);
  await page.getByLabel(L.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: L.login }).click();
}

describe.each([
  ['en-US', EN],
  ['zh-CN', ZH],
] as const)('password account flow in %s', (locale, L) => {
  it('registers, lands on /c/new, survives a reload, logs out, logs back in', async () => {
    const context = await newContext(browser, { locale });
    const page = await context.newPage();
    const email = uniqueEmail(`flow-${locale}`);
    const name = locale === 'zh-CN' ? '张小明' : 'Ada Lovelace';

    // Unauthenticated: the chat route sends the visitor to /login.
    await page.goto(`${baseUrl}/c/new`);
    await page.waitForURL(/\/login$/);

    await register(page, L, email, name);
    await page.waitForURL(/\/c\/new$/);
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(name);

    // The access token lives in memory only: a reload proves the silent refresh works.
    await page.reload();
    await page.waitForURL(/\/c\/new$/);
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(name);
    await page.screenshot({ path: artifactPath(`chat-shell-${locale}.png`) });

    await logout(page, L, name);
    // Logged out, the chat route is closed again.
    await page.goto(`${baseUrl}/c/new`);
    await page.waitForURL(/\/login$/);

    await login(page, L, email, 'wrong password here');
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining(L.badLogin)]));
    await login(page, L, email, 'correct horse battery');
    await page.waitForURL(/\/c\/new$/);
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain(name);
    await context.close();
  });
});

describe('short names at sign-up (docs/reference/accounts.md (Registration))', () => {
  it('李雷 signs up through the zh-CN form; a one-letter name is refused in the form with the 2-character rule', async () => {
    const context = await newContext(browser, { locale: 'zh-CN' });
    const page = await context.newPage();

    await register(page, ZH, uniqueEmail('one-letter'), 'A');
    await expect.poll(() => page.getByText('姓名至少需要 2 个字符（一个汉字也可以）').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/register');

    await register(page, ZH, uniqueEmail('li-lei'), '李雷');
    await page.waitForURL(/\/c\/new$/);
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('李雷');
    await page.screenshot({ path: artifactPath('sign-up-li-lei.png') });
    await context.close();
  });
});

describe('weak passwords at sign-up (docs/reference/accounts.md (Hardening))', () => {
  it.each([
    [
      'en-US',
      EN,
      'This password is too common. Choose one that is harder to guess',
      'Choose a password that is not your email address',
    ],
    ['zh-CN', ZH, '这个密码太常见，很容易被猜到，请换一个更难猜的密码', '密码不能与电子邮箱相同，请换一个'],
  ] as const)(
    'shows the server’s refusal on the password field in %s',
    async (locale, L, common, isEmail) => {
      const context = await newContext(browser, { locale });
      const page = await context.newPage();
      const email = uniqueEmail(`weak-${locale}`);
      const fieldError = () => page.getByTestId('register-form').getByText(common).count();

      await register(page, L, email, 'Ada Lovelace', 'Password123');
      await expect.poll(fieldError).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/register');
      await page.screenshot({ path: artifactPath(`sign-up-weak-password-${locale}.png`) });

      await register(page, L, email, 'Ada Lovelace', email.split('@')[0]!);
      await expect.poll(() => page.getByTestId('register-form').getByText(isEmail).count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/register');
      await context.close();
    },
  );
});

describe('the login page on a server without SMS sign-in or support contacts', () => {
  it('labels the field 电子邮箱 and keeps the footer plain, in zh-CN on a desktop and a phone', async () => {
    for (const [label, width, height] of [
      ['desktop', 1280, 800],
      ['phone', 390, 844],
    ] as const) {
      const context = await newContext(browser, { locale: 'zh-CN', width, height });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      const field = page.getByLabel('电子邮箱', { exact: true });
      expect(await field.getAttribute('placeholder')).toBe('name@example.com');
      expect(await page.getByLabel('邮箱或手机号').count()).toBe(0);
      await page.getByRole('button', { name: ZH.login }).click();
      await page.getByText('请输入电子邮箱').waitFor();
      const footer = page.getByRole('contentinfo');
      expect(await footer.innerText()).toBe('如有问题或建议，请联系开发者或客服。');
      expect(await footer.getByRole('button').count()).toBe(0);
      await page.screenshot({ path: artifactPath(`login-email-only-zh-CN-${label}.png`), fullPage: true });
      await context.close();
    }
  });
});
