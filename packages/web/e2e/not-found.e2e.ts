import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { animationsDone, artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { apiFromPage, signedInPage } from './session.test-helpers';

// No dead ends (docs/reference/settings-and-ui.md (Routes)): unknown paths, /settings, a missing conversation and
// words that are not invite codes.
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const notFound = (page: Page) => page.getByTestId('not-found');

describe('no dead ends', () => {
  it('shows "Page not found" signed out, with a way to sign in; unknown nested paths too', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const path of ['/pricing', '/no/such/page', '/c/some-id/extra']) {
      await page.goto(`${baseUrl}${path}`);
      await notFound(page).getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(page.url()).toBe(`${baseUrl}${path}`);
    }
    await notFound(page).getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('shows "Page not found" signed in, with a way to a new chat, in zh-CN too', async () => {
    const context = await newContext(browser, { locale: 'zh-CN' });
    const { page } = await signedInPage(context, baseUrl, { tag: 'notfound' });
    await page.goto(`${baseUrl}/pricing`);
    await notFound(page).getByRole('heading', { name: '页面不存在' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/pricing`);
    await notFound(page).getByRole('link', { name: '新对话' }).click();
    await page.waitForURL(/\/c\/new$/);
    await page.locator('main').waitFor();
    await context.close();
  });

  it('sends a real invite code to /register?inviteCode=… with replace', async () => {
    const context = await newContext(browser);
    const inviter = await signedInPage(context, baseUrl, { tag: 'inviter' });
    const { body } = await apiFromPage<{ inviteCode: string }>(inviter.page, '/api/user');
    await context.close();

    const visitor = await newContext(browser);
    const page = await visitor.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.goto(`${baseUrl}/${body.inviteCode}`);
    await page.waitForURL(`${baseUrl}/register?inviteCode=${encodeURIComponent(body.inviteCode)}`);
    // replace: going back skips the invite URL and returns to /login.
    await page.goBack();
    await page.waitForURL(/\/login$/);
    await visitor.close();
  });

  it('opens /settings as the settings dialog over a new chat', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, baseUrl, { tag: 'settings', path: '/settings' });
    await page.getByTestId('settings-dialog').waitFor();
    expect(page.url()).toBe(`${baseUrl}/c/new`);
    await context.close();
  });

  it('says a missing conversation is gone, then opens a new chat', async () => {
    const context = await newContext(browser, { locale: 'zh-CN' });
    const { page } = await signedInPage(context, baseUrl, {
      tag: 'missing',
      path: '/c/no-such-conversation',
    });
    await page.locator('[data-severity="warning"]').getByText('该对话不存在或已被删除。').waitFor();
    await page.waitForURL(/\/c\/new$/);
    await context.close();
  });

  it.each([
    ['light', 1280, 800],
    ['dark', 1280, 800],
    ['phone', 390, 844],
  ] as const)('screenshot: the page not found, %s', async (name, width, height) => {
    const context = await newContext(browser, {
      width,
      height,
      colorScheme: name === 'dark' ? 'dark' : 'light',
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/pricing`);
    await notFound(page).getByRole('link', { name: 'Log in' }).waitFor();
    await animationsDone(page);
    await page.screenshot({ path: artifactPath(`not-found-${name}.png`) });
    await context.close();
  });
});
