import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { animationsDone, artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { PASSWORD } from './session.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { AxeBuilder } from '@axe-core/playwright';

// Phone sign-in and sign-up by SMS code (docs/reference/accounts.md (Phone sign-in)) against a server whose codes
// go to its log (SMS_PROVIDER=log): this file reads them there, as a developer trying it would.

const dir = mkdtempSync(join(tmpdir(), 'parley-e2e-sms-'));
const logFile = join(dir, 'server.log');
let browser: Browser;
let server: ServerProcess;
// A phone that has an account already (made through the API) and when its code went out: its next one may go 60 s later.
const KNOWN_PHONE = randomPhone();
let knownCodeSentAt = 0;

function randomPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** The codes the log transport wrote for the phone, oldest first. */
function codesIn(phone: string): string[] {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"smsPhone"'))
    .map((line) => JSON.parse(line) as { smsPhone: string; smsCode: string })
    .filter((line) => line.smsPhone === phone)
    .map((line) => line.smsCode);
}

/** Waits for the phone's next code after the `before` ones. */
async function nextCode(phone: string, before: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const codes = codesIn(phone);
    if (codes.length > before) return codes[codes.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no code was logged for ${phone}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  // Support contacts set: the sign-in pages' footer links the support dialog.
  const env = { ...e2eServerEnv(inject('simUrl'), dir), SMS_PROVIDER: 'log', SUPPORT_QQ: '800123456' };
  server = await startServer({ ...env, SUPPORT_EMAIL: 'help@parley.example' }, { logFile });
  // The known phone's account, made through the API with a code from the log.
  expect((await post('/api/auth/sendVerifyCode', { phoneNumber: KNOWN_PHONE })).status).toBe(200);
  knownCodeSentAt = Date.now();
  const code = await nextCode(KNOWN_PHONE, 0);
  const made = await post('/api/auth/phoneLogin', {
    phone: KNOWN_PHONE,
    verifyCode: code,
    password: PASSWORD,
  });
  expect(made.status).toBe(201);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sendButton = (page: Page) => page.getByTestId('send-code');

async function expectNoViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('SMS sign-in', () => {
  it('signs a new phone up: countdown on the send button, the first-login password, then /c/new', async () => {
    const phone = randomPhone();
    const page = await (await newContext(browser)).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.baseUrl}/register?inviteCode=nobody1`);
    await page.getByTestId('phone-form').waitFor();
    // The e-mail sign-up is one link away, and the password login keeps the invite code.
    expect(await page.getByRole('link', { name: 'Sign up with email instead' }).getAttribute('href')).toBe(
      '/register?inviteCode=nobody1&method=email',
    );
    expect(await page.getByRole('link', { name: 'Log in with a password' }).getAttribute('href')).toBe(
      '/login?inviteCode=nobody1',
    );
    expect(await page.getByLabel('Password').count()).toBe(0);

    // The button waits for a valid phone; the field rules show as the user types.
    expect(await sendButton(page).isDisabled()).toBe(true);
    const phoneField = page.getByLabel('Phone number');
    expect(await phoneField.getAttribute('autocomplete')).toBe('tel-national');
    expect(await page.getByLabel('Verification code').getAttribute('autocomplete')).toBe('one-time-code');
    await phoneField.fill('1390');
    await page.getByText('Phone number must be 11 digits').waitFor();
    expect(await sendButton(page).isDisabled()).toBe(true);
    await phoneField.fill('');
    await page.getByText('Phone number is required').waitFor();
    await phoneField.fill(phone);
    await page.getByText('Phone number must be 11 digits').waitFor({ state: 'detached' });
    expect(await sendButton(page).isEnabled()).toBe(true);

    // Sent: the button counts 60 s down, disabled.
    await sendButton(page).click();
    await page.getByText('Code sent. It is valid for 5 minutes.').waitFor();
    await page.getByRole('button', { name: /^Resend in (59|60) s$/ }).waitFor();
    expect(await sendButton(page).isDisabled()).toBe(true);
    await page.getByRole('button', { name: /^Resend in 5[0-8] s$/ }).waitFor({ timeout: 5_000 });
    await page.screenshot({ path: artifactPath('sms-register-countdown.png') });

    // A wrong code first: the server's words.
    const code = await nextCode(phone, 0);
    const wrong = String((Number(code) + 1) % 1e6).padStart(6, '0');
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('alert').getByText('The verification code is incorrect.').waitFor();

    // The right code for a new phone: the password field appears, focused, with the first-login message.
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('This is your first login: please set a password to create your account.').waitFor();
    const password = page.getByLabel('Set a password');
    await password.waitFor();
    expect(await password.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.screenshot({ path: artifactPath('sms-register-first-login.png') });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Password is required').waitFor();
    await password.fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.baseUrl}/c/new`);
    const user = await page.evaluate(async () => {
      const res = await fetch('/api/auth/refresh', { method: 'POST' });
      return ((await res.json()) as { user: { name: string; phone: string } }).user;
    });
    expect(user).toEqual(
      expect.objectContaining({ name: `${phone.slice(0, 3)}****${phone.slice(7)}`, phone }),
    );
  });

  it('shows the phone form in both languages, on a desktop and a phone', async () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      for (const [label, width, height] of [
        ['desktop', 1280, 800],
        ['phone', 390, 844],
      ] as const) {
        const page = await (await newContext(browser, { locale, width, height })).newPage();
        await page.goto(`${server.baseUrl}/register`);
        await page.getByTestId('phone-form').waitFor();
        await page.getByRole('textbox').first().fill('139');
        await page.keyboard.press('Tab');
        await animationsDone(page);
        await page.screenshot({ path: artifactPath(`sms-register-${locale}-${label}.png`), fullPage: true });
        if (locale === 'zh-CN') await page.getByText('手机号必须为11位').waitFor();
        await page.context().close();
      }
    }
  });

  it('names each page for what it does and each field for what it takes, in zh-CN on a desktop and a phone', async () => {
    for (const [label, width, height] of [
      ['desktop', 1280, 800],
      ['phone', 390, 844],
    ] as const) {
      const page = await (await newContext(browser, { locale: 'zh-CN', width, height })).newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(`${server.baseUrl}/login`);
      // Phones sign in with their password too: the field says so, down to its messages.
      const loginField = page.getByLabel('邮箱或手机号', { exact: true });
      expect(await loginField.getAttribute('placeholder')).toBe('电子邮箱或 11 位手机号');
      expect(await page.getByLabel('电子邮箱', { exact: true }).count()).toBe(0);
      await page.getByRole('button', { name: '继续' }).click();
      await page.getByText('请输入邮箱或手机号').waitFor();
      // The footer's 联系客服 opens the support dialog (SUPPORT_QQ and SUPPORT_EMAIL are set).
      const footer = page.getByRole('contentinfo');
      expect(await footer.innerText()).toBe('如有问题或建议，请联系客服。');
      await footer.getByRole('button', { name: '联系客服' }).click();
      const support = page.getByTestId('support-dialog');
      expect(await support.getByTestId('support-qq').innerText()).toBe('800123456');
      await animationsDone(page);
      await page.screenshot({ path: artifactPath(`sms-login-support-zh-CN-${label}.png`) });
      await page.keyboard.press('Escape');
      await support.waitFor({ state: 'detached' });
      await page.screenshot({ path: artifactPath(`sms-login-zh-CN-${label}.png`), fullPage: true });
      if (label === 'desktop') await expectNoViolations(page);

      // The sign-up link opens a sign-up, which says before any code that a new number sets a password.
      await page.getByTestId('sign-up-link').click();
      await page.waitForURL(`${server.baseUrl}/register`);
      await page.getByRole('heading', { level: 1, name: '手机号注册', exact: true }).waitFor();
      await page
        .getByText('输入手机号和短信验证码，新号码需设置登录密码以完成注册；已注册的号码将直接登录。')
        .waitFor();
      await animationsDone(page);
      await page.screenshot({ path: artifactPath(`sms-signup-zh-CN-${label}.png`), fullPage: true });
      if (label === 'desktop') await expectNoViolations(page);

      // The code-login link opens a sign-in, which says the same of a new number.
      await page.goBack();
      await page.getByTestId('code-login-link').click();
      await page.waitForURL(`${server.baseUrl}/register?mode=login`);
      await page.getByRole('heading', { level: 1, name: '短信验证码登录', exact: true }).waitFor();
      await page
        .getByText('输入手机号和短信验证码即可登录。未注册的号码将创建新账号，需先设置登录密码。')
        .waitFor();
      expect(await page.getByLabel('设置密码').count()).toBe(0);
      await animationsDone(page);
      await page.screenshot({ path: artifactPath(`sms-code-login-zh-CN-${label}.png`), fullPage: true });
      await page.context().close();
    }
  });

  it('signs an existing phone in from /login with a new code and no password field', async () => {
    const page = await (await newContext(browser)).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.baseUrl}/login?inviteCode=abc`);
    await page.getByTestId('code-login-link').click();
    await page.waitForURL(`${server.baseUrl}/register?inviteCode=abc&mode=login`);
    await page.getByLabel('Phone number').fill(KNOWN_PHONE);
    const before = codesIn(KNOWN_PHONE).length;

    // Within 60 s of the code sent in setup the server refuses, and the button counts the server's wait down. The
    // answer is read from the page, not guessed from this process's clock: near the window's end the click may land
    // after it, and is then sent (which only a click 55 s or more after the setup's code may be).
    const clickedAt = Date.now();
    await sendButton(page).click();
    const refused = page.getByRole('alert').getByText('less than a minute ago');
    const sent = page.getByText('Code sent. It is valid for 5 minutes.');
    try {
      await refused.or(sent).first().waitFor();
    } catch (error) {
      const shown = await page.locator('main').innerText();
      throw new Error(
        `neither refused nor sent, ${clickedAt - knownCodeSentAt} ms after setup's code: ${shown}`,
        {
          cause: error,
        },
      );
    }
    if (await sent.isVisible()) {
      expect(clickedAt - knownCodeSentAt).toBeGreaterThanOrEqual(55_000);
    } else {
      const waitLeft = 60 - (Date.now() - knownCodeSentAt) / 1000;
      const text = (await sendButton(page).textContent()) ?? '';
      const shown = Number(/(\d+)/.exec(text)?.[1]);
      expect(shown).toBeLessThan(60);
      expect(Math.abs(shown - waitLeft)).toBeLessThanOrEqual(3);
      expect(await sendButton(page).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Send code' }).waitFor({ timeout: (waitLeft + 5) * 1000 });
      await sendButton(page).click();
    }
    const code = await nextCode(KNOWN_PHONE, before);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${server.baseUrl}/c/new`);
    expect(await page.getByLabel('Set a password').count()).toBe(0);
  }, 120_000);
});
