import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { artifactPath, launchBrowser, newContext, trackRequests } from './browser.test-helpers';
import { apiFromPage, signedInPage } from './session.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';

// A server of its own with no provider at all: no key in the environment and no parley.yaml (it runs in an
// empty temp folder), as on a fresh install.
let browser: Browser;
let bare: ServerProcess;
beforeAll(async () => {
  browser = await launchBrowser();
  bare = await startServer({
    LOGIN_MAX: '1000',
    REGISTER_MAX: '1000',
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
  });
});
afterAll(async () => {
  await browser?.close();
  await bare?.stop();
});

const SETTINGS = [
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'GOOGLE_KEY',
  'AZURE_API_KEY',
  'AZURE_OPENAI_API_INSTANCE_NAME',
  'AZURE_OPENAI_API_DEPLOYMENT_NAME',
  'parley.yaml',
  'user_provided',
  'npm run demo',
];

async function notice(page: Page) {
  const card = page.getByTestId('no-endpoint-notice');
  await card.waitFor();
  return card;
}

describe('no provider configured', () => {
  it('says so on /c/new, with the setting that turns on each endpoint', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, bare.baseUrl, { tag: 'onboarding' });
    expect(await apiFromPage(page, '/api/endpoints')).toEqual({ status: 200, body: {} });
    const card = await notice(page);
    await card.getByRole('heading', { name: 'No AI provider is configured yet' }).waitFor();
    const text = await card.innerText();
    for (const setting of SETTINGS) expect(text).toContain(setting);
    for (const provider of ['OpenAI', 'Anthropic', 'Google', 'Azure OpenAI', 'OpenAI-compatible']) {
      expect(await card.getByRole('term').filter({ hasText: provider }).count()).toBeGreaterThan(0);
    }
    await page.screenshot({ path: artifactPath('onboarding-no-provider.png') });
    await card.getByText('npm run demo').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('onboarding-no-provider-bottom.png') });
    await context.close();
  });

  it('copies a provider’s settings with its copy button', async () => {
    const context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: bare.baseUrl });
    const { page } = await signedInPage(context, bare.baseUrl, { tag: 'onboarding' });
    const card = await notice(page);
    const copy = card.getByRole('button', { name: 'Copy Anthropic settings' });
    await copy.focus();
    await page.keyboard.press('Enter');
    await card.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ANTHROPIC_API_KEY=sk-ant-...');
    await context.close();
  });

  it('fits a phone screen, in the dark theme too', async () => {
    const context = await newContext(browser, { width: 390, height: 844, colorScheme: 'dark' });
    const { page } = await signedInPage(context, bare.baseUrl, { tag: 'onboarding' });
    const card = await notice(page);
    // Long setting lines scroll inside their code block; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await card.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: artifactPath('onboarding-no-provider-390-dark.png') });
    await card.getByText('npm run demo').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('onboarding-no-provider-390-dark-bottom.png') });
    await context.close();
  });

  it('speaks Chinese', async () => {
    const context = await newContext(browser, { locale: 'zh-CN' });
    const { page } = await signedInPage(context, bare.baseUrl, { tag: 'onboarding' });
    const card = await notice(page);
    await card.getByRole('heading', { name: '尚未配置任何 AI 服务' }).waitFor();
    const text = await card.innerText();
    expect(text).toContain('让用户使用自己的密钥');
    expect(text).toContain('OPENAI_API_KEY');
    await page.screenshot({ path: artifactPath('onboarding-no-provider-zh.png') });
    await card.getByText('npm run demo').last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifactPath('onboarding-no-provider-zh-bottom.png') });
    await context.close();
  });
});

describe('providers configured', () => {
  it('shows no notice once the endpoints have loaded', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, inject('baseUrl'), { tag: 'onboarding' });
    const answer = await apiFromPage<Record<string, unknown>>(page, '/api/endpoints');
    expect(Object.keys(answer.body).length).toBeGreaterThan(0);
    // The page's own endpoints request has been answered by the time the network is idle (but for the reply feed).
    const requests = trackRequests(page);
    await page.reload();
    await requests.idle();
    expect(await page.getByTestId('no-endpoint-notice').count()).toBe(0);
    await context.close();
  });
});
