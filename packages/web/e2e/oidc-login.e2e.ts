import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { animationsDone, artifactPath, launchBrowser, newContext, uniqueEmail } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { startLocalOidcProvider, type LocalOidcProvider } from '@parley/server/oidc-testing';

// Social sign-in in the browser, through a real OpenID Connect provider on another site (localhost, while the
// server is 127.0.0.1): docs/reference/accounts.md (Social sign-in).

const LABEL = 'Sign in with Acme ID';
let browser: Browser;
let oidc: LocalOidcProvider;
let server: ServerProcess;
beforeAll(async () => {
  browser = await launchBrowser();
  oidc = await startLocalOidcProvider({ hostname: 'localhost' });
  server = await startServer({
    ...e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-oidc-'))),
    ...oidc.env,
    ALLOW_SOCIAL_REGISTRATION: 'true',
    OPENID_BUTTON_LABEL: LABEL,
    // Shown beside OpenID on the page; never clicked here.
    GITHUB_CLIENT_ID: 'e2e-github',
    GITHUB_CLIENT_SECRET: 'e2e-github-secret',
    GOOGLE_CLIENT_ID: 'e2e-google',
    GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await oidc?.close();
});

describe('OpenID Connect sign-in', () => {
  it('the configured button leads through the provider to /c/new, signed in as the provider’s user', async () => {
    const name = `Olive ${Math.random().toString(36).slice(2, 7)}`;
    oidc.user = { sub: `e2e-${Date.now()}`, email: uniqueEmail('oidc'), email_verified: true, name };
    const context = await newContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.baseUrl}/login`);
    const button = page.getByRole('link', { name: LABEL });
    expect(await button.getAttribute('href')).toBe(`${server.baseUrl}/oauth/openid`);
    await button.click();
    await page.waitForURL(`${server.baseUrl}/c/new`);
    await page.getByTestId('user-menu').getByText(name).waitFor();
    expect(oidc.authorizeRequests.at(-1)?.code_challenge_method).toBe('S256');

    // A reload keeps the session: the refresh cookie the callback set is the one the app renews.
    await page.reload();
    await page.getByTestId('user-menu').getByText(name).waitFor();
    await context.close();
  });

  it('a refused sign-in comes back to /login with the reason in the user’s language', async () => {
    oidc.user = {
      sub: `e2e-bad-${Date.now()}`,
      email: uniqueEmail('oidc-bad'),
      email_verified: true,
      name: 'X Y',
    };
    oidc.tamperNextNonce('not-the-one-sent');
    const context = await newContext(browser, { locale: 'zh-CN' });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: LABEL }).click();
    await page.waitForURL(`${server.baseUrl}/login?error=failed`);
    await page
      .getByTestId('social-login-error')
      .getByText('未能通过该账号登录，请重试，或换一种方式登录。')
      .waitFor();

    // Each code has its own message, in English too.
    await context.close();
    const english = await newContext(browser);
    const other = await english.newPage();
    await other.goto(`${server.baseUrl}/login?error=cancelled`);
    await other.getByTestId('social-login-error').getByText('Sign-in was cancelled.').waitFor();
    await english.close();
  });

  it('shows the social buttons under the password form (screenshots, zh-CN)', async () => {
    for (const [tag, width, height] of [
      ['desktop', 1280, 800],
      ['phone', 390, 844],
    ] as const) {
      const context = await newContext(browser, { locale: 'zh-CN', width, height });
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/login?error=registration_closed`);
      await page.getByRole('link', { name: '使用 GitHub 登录' }).waitFor();
      await page.getByRole('link', { name: '使用 Google 登录' }).waitFor();
      await page.getByRole('link', { name: LABEL }).waitFor();
      await page.getByText('或', { exact: true }).waitFor();
      await animationsDone(page);
      await page.screenshot({ path: artifactPath(`social-login-${tag}-zh-CN.png`), fullPage: true });

      // The sign-up page offers them too, carrying the invite code to the server.
      await page.goto(`${server.baseUrl}/register?inviteCode=Inv1te-Code`);
      const openid = page.getByRole('link', { name: LABEL });
      await openid.waitFor();
      expect(await openid.getAttribute('href')).toBe(`${server.baseUrl}/oauth/openid?inviteCode=Inv1te-Code`);
      await animationsDone(page);
      await page.screenshot({ path: artifactPath(`social-register-${tag}-zh-CN.png`), fullPage: true });
      await context.close();
    }
  });
});
