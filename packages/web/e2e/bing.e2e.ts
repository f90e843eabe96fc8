import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { HOSTILE_FRAME, startBingChatHub, type BingChatHub } from '@parley/sim';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { signedInPage } from './session.test-helpers';
import { chatOn, poll, send, settled } from './chat.test-helpers';
import { closeOverlay, openSettings, pick } from './presets.test-helpers';

// The bingAI endpoint in the browser, against a local service speaking the Bing chat protocol (conversation create
// over HTTP, the ChatHub websocket): pick it, set the tone, chat, regenerate.
// docs/reference/endpoints-and-models.md (bingAI)

let browser: Browser;
let bing: BingChatHub;
let server: ServerProcess;
beforeAll(async () => {
  browser = await launchBrowser();
  bing = await startBingChatHub();
  const env = e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-bing-')));
  server = await startServer({ ...env, BINGAI_TOKEN: bing.token, BINGAI_HOST: bing.url });
});
afterAll(async () => {
  await server?.stop();
  await bing?.close();
  await browser?.close();
});

describe('bingAI', () => {
  it.each([
    { name: 'desktop, light', width: 1280, height: 800, colorScheme: 'light' as const, shot: 'bing.png' },
    {
      name: 'phone, dark',
      width: 390,
      height: 844,
      colorScheme: 'dark' as const,
      shot: 'bing-phone-dark.png',
    },
  ])('on $name: picked, its tone set, it chats in that tone and regenerates', async (view) => {
    const context = await newContext(browser, view);
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'bing' });
    page.setDefaultTimeout(10_000);
    await pick(page, 'Bing', 'BingAI');
    await openSettings(page);
    const settings = page.getByRole('dialog', { name: 'Conversation settings' });
    const tone = settings.getByRole('radiogroup', { name: 'Tone style' });
    await tone.getByRole('radio', { name: 'Precise' }).click();
    await poll(() => tone.getByRole('radio', { name: 'Precise' }).getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: artifactPath(view.shot.replace('.png', '-settings.png')) });
    await closeOverlay(page);

    await send(chatOn(page, context), 'Hello Bing');
    await settled(chatOn(page, context));
    const articles = page.locator('[role="log"] article');
    await poll(() => articles.last().innerText()).toContain('Precise reply 0 to: Hello Bing');
    expect(bing.invocations.at(-1)!.argument.optionsSets).toContain('h3precise');
    expect(await articles.last().getByRole('button', { name: 'Continue' }).count()).toBe(0);

    const first = await articles.last().getAttribute('data-message-id');
    await articles.last().getByRole('button', { name: 'Regenerate' }).click();
    await settled(chatOn(page, context));
    await poll(() => articles.last().getAttribute('data-message-id')).not.toBe(first);
    await articles.last().getByText('2 / 2').waitFor();
    expect(await articles.last().innerText()).toContain('Precise reply 0 to: Hello Bing');
    await page.screenshot({ path: artifactPath(view.shot) });
    await context.close();
  });

  it('shows the image-creation iframe of a reply and nothing else of its HTML', async () => {
    const context = await newContext(browser, { width: 1280, height: 900, colorScheme: 'light' });
    // The service's picture page, served here: nothing leaves the machine.
    await context.route('https://www.bing.com/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<body style="margin:0;background:#2b6cb0;color:#fff;font:24px sans-serif;display:grid;place-items:center;height:100vh">An owl, drawn</body>',
      }),
    );
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'bing-image' });
    page.setDefaultTimeout(10_000);
    await pick(page, 'Bing', 'BingAI');
    await send(chatOn(page, context), 'Draw an owl [[image]]');
    await settled(chatOn(page, context));
    const reply = page.locator('[role="log"] article').last();
    const frame = reply.locator('iframe');
    await poll(() => frame.count()).toBe(1);
    expect(await frame.getAttribute('src')).toBe(
      'https://www.bing.com/images/create/async/results/1-sim?q=owl&IG=SIM',
    );
    expect(await frame.getAttribute('title')).toBe('Image creation');
    expect(await frame.getAttribute('role')).toBe('presentation');
    await poll(() => page.frameLocator('iframe.md-embed').locator('body').innerText()).toContain(
      'An owl, drawn',
    );
    // The second iframe (a script inside) is shown as its text, and its script never ran.
    expect(await reply.innerText()).toContain(HOSTILE_FRAME.slice(0, 40));
    expect(await reply.locator('script').count()).toBe(0);
    expect(await page.title()).not.toContain('hacked');
    await page.screenshot({ path: artifactPath('bing-image-creation.png') });
    await context.close();
  });

  it('counts the context’s tokens as it is typed, warns above about 7,000, and remembers the tone for the next chat', async () => {
    const context = await newContext(browser, { width: 1280, height: 900, colorScheme: 'dark' });
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'bing-context' });
    page.setDefaultTimeout(10_000);
    await pick(page, 'Bing', 'BingAI');
    await openSettings(page);
    const field = page.getByRole('textbox', { name: 'Context' });
    const counted = page.waitForRequest((r) => r.url().endsWith('/api/tokenizer'));
    await field.fill('A short page about owls.');
    expect((await counted).postDataJSON()).toEqual({ text: 'A short page about owls.' });
    const count = page.getByTestId('setting-context').locator('[aria-live="polite"]');
    await poll(() => count.innerText()).toMatch(/^Context tokens: \d+$/);
    expect(await field.getAttribute('aria-describedby')).toBe(await count.getAttribute('id'));

    await field.fill('owl '.repeat(7500));
    await poll(() => count.innerText()).toContain('Bing may refuse a context above about 7,000 tokens.');
    await page.screenshot({ path: artifactPath('bing-context-warning-dark.png') });

    const settings = page.getByRole('dialog', { name: 'Conversation settings' });
    await settings
      .getByRole('radiogroup', { name: 'Tone style' })
      .getByRole('radio', { name: 'Balanced' })
      .click();
    await page.getByRole('switch', { name: 'Jailbreak' }).click();
    await closeOverlay(page);
    expect(await page.evaluate(() => localStorage.getItem('lastBingSettings'))).toBe(
      JSON.stringify({ jailbreak: true, toneStyle: 'balanced' }),
    );
    // Another endpoint, then Bing again from the menu: the tone and jailbreak come back.
    await pick(page, 'OpenAI', 'gpt-4');
    await pick(page, 'Bing', 'BingAI');
    await openSettings(page);
    const tone = settings.getByRole('radiogroup', { name: 'Tone style' });
    await poll(() => tone.getByRole('radio', { name: 'Balanced' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Jailbreak' }).getAttribute('aria-checked')).toBe('true');
    await context.close();
  });

  it('shows the tone above the message box on a new chat, and behind a toggle once the chat is going', async () => {
    const context = await newContext(browser, { width: 390, height: 844, colorScheme: 'light' });
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'bing-tone-bar' });
    page.setDefaultTimeout(10_000);
    await pick(page, 'Bing', 'BingAI');
    const bar = page.getByRole('radiogroup', { name: 'Tone style' });
    await bar.getByRole('radio', { name: 'Fast' }).click();
    await poll(() => bar.getByRole('radio', { name: 'Fast' }).getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: artifactPath('bing-tone-bar-phone.png') });
    await send(chatOn(page, context), 'Quick one');
    await settled(chatOn(page, context));
    const articles = page.locator('[role="log"] article');
    await poll(() => articles.last().innerText()).toContain('Fast reply 0 to: Quick one');
    // A chat going: the tone is behind its toggle, which opens it by keyboard as well.
    await poll(() => bar.count()).toBe(0);
    const toggle = page.getByTestId('tone-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await bar.getByRole('radio', { name: 'Fast' }).focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => bar.getByRole('radio', { name: 'Balanced' }).getAttribute('aria-checked')).toBe('true');
    await send(chatOn(page, context), 'And now?');
    await settled(chatOn(page, context));
    await poll(() => articles.last().innerText()).toContain('Balanced reply 1 to: And now?');
    await context.close();
  });
});
