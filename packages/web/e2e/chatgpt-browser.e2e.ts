import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startChatGPTWeb, type ChatGPTWeb } from '@parley/sim';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { signedInPage } from './session.test-helpers';
import { chatOn, poll, send, settled } from './chat.test-helpers';
import { pick } from './presets.test-helpers';

// The chatGPTBrowser endpoint in the browser, against a local service speaking the ChatGPT web backend's
// conversation call: pick it, chat, regenerate, follow up (docs/reference/endpoints-and-models.md (chatGPTBrowser)).

let browser: Browser;
let web: ChatGPTWeb;
let server: ServerProcess;
beforeAll(async () => {
  browser = await launchBrowser();
  web = await startChatGPTWeb();
  const env = e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-chatgpt-')));
  server = await startServer({ ...env, CHATGPT_TOKEN: web.token, CHATGPT_REVERSE_PROXY: web.url });
});
afterAll(async () => {
  await server?.stop();
  await web?.close();
  await browser?.close();
});

describe('chatGPTBrowser', () => {
  it.each([
    {
      name: 'desktop, light',
      width: 1280,
      height: 800,
      colorScheme: 'light' as const,
      shot: 'chatgpt-browser.png',
    },
    {
      name: 'phone, dark',
      width: 390,
      height: 844,
      colorScheme: 'dark' as const,
      shot: 'chatgpt-browser-phone-dark.png',
    },
  ])(
    'on $name: picked from the menu, it chats, regenerates from the same place and follows up',
    async (view) => {
      const context = await newContext(browser, view);
      const { page } = await signedInPage(context, server.baseUrl, { tag: 'chatgpt-browser' });
      page.setDefaultTimeout(10_000);
      await pick(page, 'ChatGPT', 'gpt-4');
      await send(chatOn(page, context), 'Hello service');
      await settled(chatOn(page, context));
      const articles = page.locator('[role="log"] article');
      await poll(() => articles.last().innerText()).toContain('Reply 1 to: Hello service');
      // Continue is not offered: the service has no call for it.
      expect(await articles.last().getByRole('button', { name: 'Continue' }).count()).toBe(0);

      const first = await articles.last().getAttribute('data-message-id');
      await articles.last().getByRole('button', { name: 'Regenerate' }).click();
      await settled(chatOn(page, context));
      await poll(() => articles.last().getAttribute('data-message-id')).not.toBe(first);
      await articles.last().getByText('2 / 2').waitFor();
      // The service saw the same parent: the regenerated reply is at the same depth of its thread.
      expect(await articles.last().innerText()).toContain('Reply 1 to: Hello service');

      await send(chatOn(page, context), 'And then?');
      await settled(chatOn(page, context));
      await poll(() => articles.last().innerText()).toContain('Reply 2 to: And then?');
      const sent = web.requests.at(-1)!.body;
      expect(sent).toMatchObject({ model: 'gpt-4', conversation_id: expect.any(String) });
      await page.screenshot({ path: artifactPath(view.shot) });
      await context.close();
    },
  );
});

describe('chatGPTBrowser with each user’s own token', () => {
  let own: ServerProcess;
  beforeAll(async () => {
    const env = e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-chatgpt-own-')));
    own = await startServer({ ...env, CHATGPT_TOKEN: 'user_provided', CHATGPT_REVERSE_PROXY: web.url });
  });
  afterAll(async () => own?.stop());

  it('asks for the access token by that name, then chats with it', async () => {
    const context = await newContext(browser, { width: 1280, height: 800, colorScheme: 'light' });
    const { page } = await signedInPage(context, own.baseUrl, { tag: 'chatgpt-own' });
    page.setDefaultTimeout(10_000);
    await pick(page, 'ChatGPT', 'text-davinci-002-render-sha');
    const dialog = page.getByTestId('key-dialog');
    await dialog.waitFor();
    const field = dialog.getByLabel('Access token', { exact: true });
    await field.fill(web.token);
    await page.screenshot({ path: artifactPath('chatgpt-browser-token.png') });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await send(chatOn(page, context), 'With my token');
    await settled(chatOn(page, context));
    const articles = page.locator('[role="log"] article');
    await poll(() => articles.last().innerText()).toContain('Reply 1 to: With my token');
    expect(web.requests.at(-1)!.authorization).toBe(`Bearer ${web.token}`);
    await context.close();
  });
});
