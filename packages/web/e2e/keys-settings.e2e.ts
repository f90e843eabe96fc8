import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { animationsDone, artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { apiFromPage, signedInPage } from './session.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';

const baseUrl = inject('baseUrl');
const simUrl = inject('simUrl');
const ROOT_PARENT = '00000000-0000-0000-0000-000000000000';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function userPage(context: BrowserContext, origin = baseUrl, path = '/c/new'): Promise<Page> {
  return (await signedInPage(context, origin, { tag: 'keys', path })).page;
}

/** Sends one message to an endpoint through the real API from inside the page; answers status and body. */
async function askFromPage(page: Page, endpoint: string, model: string, text: string) {
  return page.evaluate(
    async ([endpoint, model, text, parent]) => {
      const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      const { token } = (await refresh.json()) as { token: string };
      const res = await fetch(`/api/ask/${endpoint}`, {
        method: 'POST',
        // As Parley's web app asks: delta frames, and a refusal as a status with JSON.
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-parley-stream': 'deltas',
        },
        body: JSON.stringify({ text, model, parentMessageId: parent, conversationId: null }),
      });
      return { status: res.status, body: await res.text() };
    },
    [endpoint, model, text, ROOT_PARENT] as const,
  );
}

interface SimRequest {
  provider: string;
  headers: Record<string, string>;
  body: unknown;
}
async function simRequestsMentioning(marker: string): Promise<SimRequest[]> {
  const log = (await (await fetch(`${simUrl}/_sim/requests`)).json()) as SimRequest[];
  return log.filter((r) => JSON.stringify(r.body).includes(marker));
}

const keyStatus = (page: Page) => page.getByTestId('key-status').textContent();

/**
 * Opens the key dialog the way a user does: picking the endpoint (by its menu name) and a model in the model
 * menu opens it when no key is stored; otherwise the key button next to the menu does.
 */
async function openKeyDialog(page: Page, label: string, model: string): Promise<void> {
  const dialog = page.getByTestId('key-dialog');
  await page.getByTestId('endpoint-menu').click();
  await page.getByRole('menuitem', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('menuitemradio', { name: model, exact: true }).click();
  const opened = await dialog
    .waitFor({ timeout: 3000 })
    .then(() => true)
    .catch(() => false);
  if (!opened) {
    await page.getByRole('button', { name: 'Set API key', exact: true }).click();
    await dialog.waitFor();
  }
}

async function openSettings(page: Page, name = 'Settings'): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name }).click();
  await page.getByTestId('settings-dialog').waitFor();
}

describe('endpoint key dialog', () => {
  it('sets a user key for anthropic, the provider receives it, and Revoke removes it', async () => {
    const context = await newContext(browser);
    const page = await userPage(context);
    await openKeyDialog(page, 'Anthropic', 'claude-sonnet-4-5');
    const dialog = page.getByTestId('key-dialog');
    await dialog.getByRole('heading', { name: 'Set API Key for Anthropic' }).waitFor();
    await expect.poll(() => keyStatus(page)).toBe('No key set');
    expect(await dialog.getByRole('button', { name: 'Revoke' }).count()).toBe(0);

    // An empty key is refused before any call.
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please enter your API key.' }).waitFor();

    const key = `sk-ant-e2e-${Date.now().toString(36)}`;
    const input = dialog.getByLabel('API Key', { exact: true });
    await input.fill(key);
    expect(await input.getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Show API Key' }).click();
    expect(await input.getAttribute('type')).toBe('text');
    expect(await dialog.getByLabel('Expires in').inputValue()).toBe('12h');
    await dialog.getByLabel('Expires in').selectOption('1d');
    await page.screenshot({ path: artifactPath('keys-dialog-anthropic.png') });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Your key was saved.').first().waitFor();

    const stored = await apiFromPage<{ expiresAt: string }>(page, '/api/keys?name=anthropic');
    expect(stored.status).toBe(200);
    const inADay = Date.parse(stored.body.expiresAt) - Date.now();
    expect(inADay).toBeGreaterThan(23.9 * 3_600_000);
    expect(inADay).toBeLessThanOrEqual(24 * 3_600_000);

    // The key is what the provider sees.
    const marker = `key-e2e-${Date.now().toString(36)}`;
    const sent = await askFromPage(
      page,
      'anthropic',
      'claude-sonnet-4-5',
      `${marker} [[sim {"reply":"ok"}]]`,
    );
    expect(sent.status).toBe(200);
    const [request] = await simRequestsMentioning(marker);
    expect(request?.headers['x-api-key']).toBe(key);

    // Reopened: the expiry shows, and Revoke deletes the key.
    await openKeyDialog(page, 'Anthropic', 'claude-sonnet-4-5');
    await expect.poll(() => keyStatus(page)).toMatch(/^Your key expires at /);
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => keyStatus(page)).toBe('No key set');
    expect((await apiFromPage(page, '/api/keys?name=anthropic')).body).toEqual({ expiresAt: null });
    const refused = await askFromPage(page, 'anthropic', 'claude-sonnet-4-5', 'no key now');
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('no_user_key');
    await context.close();
  });

  it('asks for the custom endpoint fields, sends the key as Bearer, and Revoke all keys clears it', async () => {
    const context = await newContext(browser);
    const page = await userPage(context);
    await openKeyDialog(page, 'Mirror', 'mirror-small');
    const dialog = page.getByTestId('key-dialog');
    await dialog.getByRole('heading', { name: 'Set API Key for Mirror' }).waitFor();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'The following fields are required: apiKey' })
      .waitFor();
    expect(await dialog.getByLabel('API Key', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    const key = `sk-mirror-${Date.now().toString(36)}`;
    await dialog.getByLabel('API Key', { exact: true }).fill(key);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await apiFromPage(page, '/api/keys?name=Mirror')).body).not.toEqual({ expiresAt: null });

    const marker = `mirror-e2e-${Date.now().toString(36)}`;
    const sent = await askFromPage(page, 'Mirror', 'mirror-small', `${marker} [[sim {"reply":"ok"}]]`);
    expect(sent.status).toBe(200);
    const [request] = await simRequestsMentioning(marker);
    expect(request?.headers['authorization']).toBe(`Bearer ${key}`);

    // Settings > Data: the first click asks, the second revokes every key.
    await openSettings(page);
    const settings = page.getByTestId('settings-dialog');
    await settings.getByRole('tab', { name: 'Data' }).click();
    const revokeAll = settings.getByTestId('revoke-all-keys');
    await revokeAll.click();
    await expect.poll(() => revokeAll.textContent()).toBe('Confirm revoke');
    expect((await apiFromPage(page, '/api/keys?name=Mirror')).body).not.toEqual({ expiresAt: null });
    await revokeAll.click();
    await page.getByText('All your keys were revoked.').first().waitFor();
    expect((await apiFromPage(page, '/api/keys?name=Mirror')).body).toEqual({ expiresAt: null });
    const refused = await askFromPage(page, 'Mirror', 'mirror-small', 'no key now');
    expect(refused.status).toBe(403);
    await context.close();
  });
  it('fits a phone in dark mode, with focus in the key field', async () => {
    const context = await newContext(browser, { width: 390, height: 844, colorScheme: 'dark' });
    const page = await userPage(context);
    await openKeyDialog(page, 'Mirror', 'mirror-large');
    const dialog = page.getByTestId('key-dialog');
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('type'));
    expect(focused).toBe('password');
    await page.keyboard.type('sk-typed');
    await page.screenshot({ path: artifactPath('keys-dialog-390-dark.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await apiFromPage(page, '/api/keys?name=Mirror')).body).toEqual({ expiresAt: null });
    await context.close();
  });
});

describe('google key form', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // A server whose Google endpoint takes the user's own key, so its dialog opens from the menu.
    const env = e2eServerEnv(simUrl, mkdtempSync(join(tmpdir(), 'parley-e2e-keys-')));
    server = await startServer({ ...env, GOOGLE_KEY: 'user_provided' });
  });
  afterAll(async () => server?.stop());

  it('refuses a file that is not a valid service-account JSON, and saves a valid one', async () => {
    const context = await newContext(browser);
    const page = await userPage(context, server.baseUrl);
    await openKeyDialog(page, 'Google', 'gemini-pro');
    const dialog = page.getByTestId('key-dialog');
    const file = dialog.getByLabel('Import service account file');
    await file.setInputFiles({
      name: 'key.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{oops'),
    });
    const notice = dialog.getByRole('alert').filter({ hasText: 'Invalid service account key file' });
    await notice.waitFor();
    // Valid JSON with a short private key is refused as well.
    const account = {
      client_email: 'bot@project.iam.gserviceaccount.com',
      project_id: 'e2e-project',
      private_key: 'x'.repeat(200),
    };
    await file.setInputFiles({
      name: 'key.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(account)),
    });
    await notice.waitFor();
    await page.screenshot({ path: artifactPath('keys-dialog-google-invalid.png') });

    const valid = { ...account, private_key: `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(700)}\n-----END` };
    await file.setInputFiles({
      name: 'key.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(valid)),
    });
    await expect.poll(() => dialog.getByTestId('service-account').textContent()).toBe(account.client_email);
    expect(await notice.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await apiFromPage(page, '/api/keys?name=google')).body).not.toEqual({ expiresAt: null });
    await context.close();
  });
});

describe('settings dialog', () => {
  it('keeps every toggle and the theme across a reload, under the documented storage keys', async () => {
    const context = await newContext(browser);
    const page = await userPage(context);
    await openSettings(page);
    const settings = page.getByTestId('settings-dialog');
    await page.screenshot({ path: artifactPath('settings-general.png') });

    await settings.getByRole('tab', { name: 'Beta' }).click();
    const latex = settings.getByRole('switch', { name: 'LaTeX parsing' });
    const modular = settings.getByRole('switch', { name: 'Modular chat' });
    expect(await latex.getAttribute('aria-checked')).toBe('true');
    expect(await modular.getAttribute('aria-checked')).toBe('false');
    await latex.click();
    await modular.click();
    await page.screenshot({ path: artifactPath('settings-beta.png') });

    await settings.getByRole('tab', { name: 'Account' }).click();
    const username = settings.getByRole('switch', { name: 'Display username in messages' });
    expect(await username.getAttribute('aria-checked')).toBe('true');
    await username.click();
    await page.screenshot({ path: artifactPath('settings-account.png') });

    await settings.getByRole('tab', { name: 'General' }).click();
    await settings.getByRole('switch', { name: /Auto-scroll/ }).click();
    await settings.getByLabel('Theme').selectOption('dark');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(true);
    // The colour transitions finished, so the picture shows the settled dark theme.
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('settings-general-dark.png') });

    const stored = await page.evaluate(() =>
      ['LaTeXParsing', 'modularChat', 'UsernameDisplay', 'autoScroll', 'color-theme'].map((k) =>
        localStorage.getItem(k),
      ),
    );
    expect(stored).toEqual(['false', 'true', 'false', 'true', 'dark']);

    await page.reload();
    await page.locator('main').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await openSettings(page);
    expect(await settings.getByLabel('Theme').inputValue()).toBe('dark');
    expect(await settings.getByRole('switch', { name: /Auto-scroll/ }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await settings.getByRole('tab', { name: 'Beta' }).click();
    expect(await latex.getAttribute('aria-checked')).toBe('false');
    expect(await modular.getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: artifactPath('settings-beta-dark.png') });
    await settings.getByRole('tab', { name: 'Account' }).click();
    expect(await username.getAttribute('aria-checked')).toBe('false');
    // Escape closes the dialog and gives focus back to the page.
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
    await context.close();
  });

  it('clears all chats in two clicks; a click elsewhere takes the first one back', async () => {
    const context = await newContext(browser);
    const page = await userPage(context);
    for (const text of ['first chat', 'second chat']) {
      const sent = await askFromPage(page, 'openAI', 'gpt-3.5-turbo', `${text} [[sim {"reply":"ok"}]]`);
      expect(sent.status).toBe(200);
    }
    const list = async () =>
      (await apiFromPage<{ conversations: unknown[] }>(page, '/api/convos?pageNumber=1')).body.conversations;
    expect(await list()).toHaveLength(2);
    const created = (await list()) as { conversationId: string }[];
    await page.goto(`${baseUrl}/c/${created[0]!.conversationId}`);
    await page.locator('main').waitFor();

    await openSettings(page);
    const settings = page.getByTestId('settings-dialog');
    const clear = settings.getByTestId('clear-all-chats');
    await clear.click();
    await expect.poll(() => clear.textContent()).toBe('Confirm clear');
    await settings.getByRole('heading', { name: 'Settings' }).click();
    await expect.poll(() => clear.textContent()).toBe('Clear');
    expect(await list()).toHaveLength(2);

    await clear.click();
    await expect.poll(() => clear.textContent()).toBe('Confirm clear');
    await clear.click();
    await page.waitForURL(/\/c\/new$/);
    await page.getByText('All chats were cleared.').first().waitFor();
    expect(await list()).toHaveLength(0);
    await context.close();
  });

  it('opens Help & FAQ from the user menu', async () => {
    const context = await newContext(browser);
    const page = await userPage(context);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Help & FAQ' }).click();
    await page.waitForURL(/\/help$/);
    await context.close();
  });

  it('speaks Chinese in zh-CN', async () => {
    const context = await newContext(browser, { locale: 'zh-CN' });
    const page = await userPage(context);
    await openSettings(page, '设置');
    const tabs = await page.getByTestId('settings-dialog').getByRole('tab').allTextContents();
    expect(tabs).toEqual(['通用', '实验功能', '数据管理', '账户']);
    await page.getByRole('tab', { name: '数据管理' }).click();
    await page.getByRole('button', { name: '撤销' }).click();
    await page.getByRole('button', { name: '确认撤销' }).waitFor();
    await page.screenshot({ path: artifactPath('settings-zh.png') });
    await context.close();
  });

  it('fits a phone screen', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await userPage(context);
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await openSettings(page);
    const box = await page.getByTestId('settings-dialog').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(box!.x).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: artifactPath('settings-390.png') });
    await page.getByRole('tab', { name: 'Beta' }).click();
    const latex = page.getByRole('switch', { name: 'LaTeX parsing' });
    await latex.click();
    expect(await latex.getAttribute('aria-checked')).toBe('false');
    await page.screenshot({ path: artifactPath('settings-390-beta.png') });
    await context.close();
  });
});
