import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  animationsDone,
  artifactPath,
  launchBrowser,
  newContext,
  routeStartupConfig,
  uniqueEmail,
} from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { PASSWORD } from './session.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { linkIn, startLocalSmtp, type LocalSmtp } from '@parley/server/smtp-testing';

// Forgot and reset password by e-mail, and the activation landing, against a server whose mail goes to a real SMTP
// server started here: docs/reference/accounts.md (Forgot and reset password), and (E-mail activation).

const NEW_PASSWORD = 'a brand new password';
let browser: Browser;
let smtp: LocalSmtp;
let server: ServerProcess;
beforeAll(async () => {
  browser = await launchBrowser();
  smtp = await startLocalSmtp();
  server = await startServer({
    ...e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-reset-'))),
    ...smtp.env,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${server.baseUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('password reset by e-mail', () => {
  it('activation, then forgot → mailed link → new password → sign in; the old session is gone; the link works once', async () => {
    const email = uniqueEmail('reset');
    const first = await newContext(browser);
    const old = await first.newPage();
    old.setDefaultTimeout(10_000);

    // Sign-up (the form) mails an activation link and signs nobody in.
    await old.goto(`${server.baseUrl}/register`);
    await old.getByLabel('Full name').fill('Grace Hopper');
    await old.getByLabel('Email').fill(email);
    await old.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await old.getByLabel('Confirm password').fill(PASSWORD);
    await old.getByRole('button', { name: 'Submit' }).click();
    await old.getByTestId('activation-sent').getByText('Check your email for the activation link').waitFor();
    expect(old.url()).toContain('/register');
    const firstLink = linkIn(await smtp.nextMail(email), '/verify');

    // Signing in before activation says so and mails a new link, which replaces the first.
    await signIn(old, email, PASSWORD);
    await old.getByRole('alert').getByText('Your email is not verified yet.').waitFor();
    const activation = linkIn(await smtp.nextMail(email), '/verify');
    expect(activation.searchParams.get('token')).not.toBe(firstLink.searchParams.get('token'));
    await old.goto(firstLink.href);
    await old.getByText('This activation link is no longer valid.').waitFor();

    // The newest link's landing activates the account.
    await old.goto(activation.href);
    await old.getByText('Your email is verified and your account is active. You can now log in.').waitFor();
    await animationsDone(old);
    await old.screenshot({ path: artifactPath('verify-email-done.png') });

    // The old session: signed in with the old password.
    await signIn(old, email, PASSWORD);
    await old.waitForURL('**/c/new');

    // Another browser asks for a reset link.
    const second = await newContext(browser);
    const page = await second.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/forgot-password');
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.screenshot({ path: artifactPath('forgot-password-form.png') });
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an account with that email exists, we have sent it a link').waitFor();
    expect(await page.getByTestId('reset-link').count()).toBe(0);
    await page.screenshot({ path: artifactPath('forgot-password-sent.png') });

    const mail = await smtp.nextMail(email);
    expect(mail.subject).toBe('Parley: reset your password');
    const link = linkIn(mail, '/reset-password');
    expect(link.origin).toBe(server.baseUrl);
    await page.goto(link.href);
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    const confirm = page.getByLabel('Confirm password');
    // Pasting into the confirmation is refused (the event is cancelled) and the user is told to type it.
    const pasteAllowed = await confirm.evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'a brand new password');
      return input.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    expect(pasteAllowed).toBe(false);
    await page.getByTestId('paste-blocked').waitFor();
    expect(await confirm.inputValue()).toBe('');
    await confirm.pressSequentially(NEW_PASSWORD);
    await expect.poll(() => confirm.getAttribute('aria-invalid')).toBeNull();
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('reset-password-form.png') });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.screenshot({ path: artifactPath('reset-password-done.png') });
    await page.getByTestId('reset-continue').click();
    await page.waitForURL('**/login');

    // The new password signs in; the old one no longer does.
    await signIn(page, email, PASSWORD);
    await page.getByRole('alert').getByText('Unable to login').waitFor();
    await signIn(page, email, NEW_PASSWORD);
    await page.waitForURL('**/c/new');

    // The first browser's session ended with the reset: a reload lands on the sign-in page.
    await old.reload();
    await old.waitForURL('**/login');

    // The link works once: used again, it shows the invalid-link screen with a way to ask for a new one.
    await page.goto(link.href);
    await page.getByLabel('New password').fill('one more password');
    await page.getByLabel('Confirm password').pressSequentially('one more password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('reset-invalid').waitFor();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL('**/forgot-password');
    await Promise.all([first.close(), second.close()]);
  });

  it('the invalid-link screen, on a phone in Chinese, for a link without its token', async () => {
    const context = await newContext(browser, { locale: 'zh-CN', width: 390, height: 844 });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.baseUrl}/reset-password?userId=someone`);
    await page.getByRole('heading', { name: '链接已失效' }).waitFor();
    await page.getByText('该重置密码链接已失效').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('reset-password-invalid-zh-phone.png') });

    await page.goto(`${server.baseUrl}/forgot-password`);
    await page.getByLabel('电子邮箱').fill('not-an-address');
    await page.getByRole('button', { name: '发送重置链接' }).click();
    await page.getByText('请输入有效的电子邮箱地址').waitFor();
    await page.screenshot({ path: artifactPath('forgot-password-zh-phone.png') });
    await context.close();
  });

  it('on a server without e-mail, tells the user to ask the administrator, or shows the link a trial hands out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    // This server mails; its startup config is answered as one without e-mail would answer it.
    await routeStartupConfig(page, { emailEnabled: false });
    await page.goto(`${server.baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText("Ask the site's administrator for your password reset link right away").waitFor();
    expect(await page.getByTestId('reset-link').count()).toBe(0);
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('forgot-password-ask-admin.png') });

    // A social sign-in refused for an account whose address nobody verified names the way out: here, the
    // administrator (with e-mail on, "Forgot password?", below).
    await page.goto(`${server.baseUrl}/login?error=account_not_verified`);
    await page.getByTestId('social-login-error').getByText("or ask the site's administrator.").waitFor();

    // With PASSWORD_RESET_LINK_IN_RESPONSE the answer holds the link, and the page offers it.
    await page.route('**/api/auth/requestPasswordReset', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'If an account with that email exists, a password reset link has been sent to it.',
          link: 'http://elsewhere.example/reset-password?token=abc&userId=u1',
        }),
      }),
    );
    await page.goto(`${server.baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('This server sends no email, so here is your reset link.').waitFor();
    expect(await page.getByTestId('reset-link').getAttribute('href')).toBe(
      '/reset-password?token=abc&userId=u1',
    );
    await context.close();
  });

  it('a social sign-in refused for an unverified account points to "Forgot password?" on a server that mails', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.baseUrl}/login?error=account_not_verified`);
    const alert = page.getByTestId('social-login-error');
    await alert.getByText('a new password set from the emailed link confirms the address').waitFor();
    await page.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await context.close();
  });

  it('a failed request shows the error banner for 5 s', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.route('**/api/auth/requestPasswordReset', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"INTERNAL","message":"x"}',
      }),
    );
    await page.goto(`${server.baseUrl}/forgot-password`);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const banner = page.getByRole('alert').getByText('There was a problem requesting a reset link.');
    await banner.waitFor();
    const shownAt = Date.now();
    await banner.waitFor({ state: 'detached', timeout: 8_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(4_000);
    expect(shownFor).toBeLessThan(6_500);
    await context.close();
  });
});
