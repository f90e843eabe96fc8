import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import type { FileRecord } from '@parley/shared';
import type { ServerProcess } from '@parley/server/testing';
import { animationsDone, artifactPath, launchBrowser } from './browser.test-helpers';
import { startFakeSearxng, type FakeSearxng } from './searxng-stand-in.test-helpers';
import { apiFromPage } from './session.test-helpers';
import {
  HOSTILE_ANSWER,
  HOSTILE_OUTPUT,
  HOSTILE_QUERY,
  HOSTILE_REPLY,
  HOSTILE_RESULTS,
  expectNothingInjected,
} from './tool-search-hostile.test-helpers';
import { openDoneStep, pluginsChat, sendAndSettle, step } from './tool-search.test-helpers';
import {
  comesBefore,
  drawPng,
  poll,
  sim,
  startFakeImages,
  startToolServer,
  type FakeImages,
} from './tool-steps.test-helpers';

// Tools in en-US (docs/reference/tools.md (A reply that uses tools)): SearXNG installed through the store's form with
// the user's own instance address, a search step against a local SearXNG stand-in, tool output and a model's answer
// that try to inject HTML, and a DALL-E image shown in the reply and kept in My Files.
//
// The stand-in listens on 127.0.0.1. A user's SearXNG address goes through the guard for chosen URLs, which refuses
// loopback, so this server's operator allows that range (USER_URL_ALLOWED_RANGES), as one whose SearXNG runs on their
// own network would (docs/reference/tools.md (Image generation) says the same of a web UI).
//
// The page's CSP already forbids inline scripts and handlers; the browser contexts here bypass it, so an injected
// handler would run and set `window.__pwned`, and the checks show that no such element is made at all.

const PHONE = { width: 390, height: 844 };
let browser: Browser;
let server: ServerProcess;
let images: FakeImages;
let searxng: FakeSearxng;

beforeAll(async () => {
  browser = await launchBrowser();
  images = await startFakeImages();
  searxng = await startFakeSearxng();
  server = await startToolServer(inject('simUrl'), images.url, { USER_URL_ALLOWED_RANGES: '127.0.0.1/32' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await images?.close();
  await searxng?.close();
});

async function expectAxeClean(page: Page, scope = '[role="log"]'): Promise<void> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shot(page: Page, name: string): Promise<void> {
  await animationsDone(page);
  await page.screenshot({ path: artifactPath(`tool-search-${name}.png`) });
}

describe('web search and images in en-US', () => {
  it('on a desktop (light): SearXNG installed with its address in the store, a search step, hostile results and answer shown as text', async () => {
    const chat = await pluginsChat(browser, server.baseUrl, {
      width: 1280,
      height: 800,
      colorScheme: 'light',
    });
    const { page } = chat;
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/user/plugins')) posts.push(r.postData() ?? '');
    });

    // The store, from the conversation settings: SearXNG asks for the instance's address.
    await page.getByRole('button', { name: 'Conversation settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Conversation settings' });
    await settings.getByRole('button', { name: 'Plugin store' }).click();
    const store = page.getByTestId('plugin-store-dialog');
    const card = store.locator('[data-plugin-key="searxng_search"]');
    expect(await card.textContent()).toContain('Needs setup');
    await card.getByRole('button', { name: 'Install SearXNG' }).click();
    const form = store.getByTestId('plugin-auth-form');
    const address = form.getByLabel('SearXNG instance URL');
    expect(await address.getAttribute('type')).toBe('password');
    await address.fill(searxng.url);
    await expectAxeClean(page, '[data-testid="plugin-store-dialog"]');
    await shot(page, 'desktop-auth');
    await form.getByRole('button', { name: 'Save and install' }).click();
    await card.getByRole('button', { name: 'Uninstall SearXNG' }).waitFor();
    await poll(() => card.textContent()).toContain('Installed');
    expect(JSON.parse(posts.at(-1)!)).toEqual({
      pluginKey: 'searxng_search',
      action: 'install',
      auth: { SEARXNG_INSTANCE_URL: searxng.url },
    });
    await page.keyboard.press('Escape');
    await store.waitFor({ state: 'detached' });

    // Chosen in the tool picker.
    await page.getByRole('button', { name: 'Conversation settings' }).click();
    await settings
      .getByTestId('tool-picker')
      .getByRole('button', { name: /^Plugins / })
      .click();
    const option = page.getByRole('menuitemcheckbox', { name: 'SearXNG' });
    await option.click();
    await poll(() => option.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    // A question the model answers with a search.
    searxng.results = [
      {
        title: 'Parley 2.0 <b>released</b>',
        url: 'https://parley.example/changelog',
        content: 'Tool steps, the plugin store and more.',
      },
    ];
    const first = await sendAndSettle(
      chat,
      `What is new in Parley? ${sim({
        steps: [
          { toolCalls: [{ name: 'searxng_search', input: { query: 'Parley release notes' } }] },
          { reply: 'Parley 2.0 added tool steps and a plugin store.' },
        ],
      })}`,
    );
    await openDoneStep(first, 'Used SearXNG');
    expect(await first.getByTestId('tool-input').textContent()).toBe(
      '{\n  "query": "Parley release notes"\n}',
    );
    expect(await first.getByTestId('tool-output').textContent()).toBe(
      [
        'SearXNG results for "Parley release notes":',
        '',
        '1. Parley 2.0 released',
        '   https://parley.example/changelog',
        '   Tool steps, the plugin store and more.',
      ].join('\n'),
    );
    const answer = first.getByText('Parley 2.0 added tool steps and a plugin store.');
    await answer.waitFor();
    expect(await comesBefore(step(first), answer)).toBe(true);
    // The stand-in got the query, asking for JSON.
    expect(searxng.requests).toEqual([
      {
        path: '/search',
        params: { q: 'Parley release notes', format: 'json' },
        accept: 'application/json',
      },
    ]);
    await expectAxeClean(page);
    await shot(page, 'desktop-search');

    // Hostile results, and an answer that quotes them as Markdown.
    searxng.results = HOSTILE_RESULTS;
    searxng.answers = [HOSTILE_ANSWER];
    const second = await sendAndSettle(
      chat,
      `Any news? ${sim({
        steps: [
          { toolCalls: [{ name: 'searxng_search', input: { query: HOSTILE_QUERY } }] },
          { reply: HOSTILE_REPLY },
        ],
      })}`,
    );
    await openDoneStep(second, 'Used SearXNG');
    expect(await second.getByTestId('tool-input').textContent()).toBe(
      `{\n  "query": ${JSON.stringify(HOSTILE_QUERY)}\n}`,
    );
    expect(await second.getByTestId('tool-output').textContent()).toBe(HOSTILE_OUTPUT);
    // The answer's HTML is text; its script links are not links to scripts.
    const text = (await second.locator('.markdown').allTextContents()).join('\n');
    for (const raw of [
      '<img src=x onerror="window.__pwned=10;alert(10)">',
      '<script>window.__pwned=11</script>',
      '<a href="javascript:window.__pwned=15">a raw link</a>',
      '<iframe src="javascript:window.__pwned=16"></iframe>',
    ]) {
      expect(text).toContain(raw);
    }
    await expectNothingInjected(chat);
    // The script links are their words, not links (not even to this page again).
    expect(await second.locator('.markdown a').count()).toBe(0);
    expect(text).toContain('click me or javascript:window.__pwned=13 or pic');
    await expectAxeClean(page);
    await shot(page, 'desktop-hostile');

    // The same once saved and read back.
    await page.reload();
    await poll(() => page.getByTestId('tool-step').count()).toBe(2);
    const saved = chat.articles.nth(3);
    await openDoneStep(saved, 'Used SearXNG');
    expect(await saved.getByTestId('tool-output').textContent()).toBe(HOSTILE_OUTPUT);
    await expectNothingInjected(chat);
    await chat.close();
  });

  it('on a phone (dark): a DALL-E image chosen from the tool bar shows in the reply and in My Files', async () => {
    const chat = await pluginsChat(browser, server.baseUrl, { ...PHONE, colorScheme: 'dark' });
    const { page } = chat;
    images.png = await drawPng(page);

    // DALL-E's key is the operator's: it installs at once, from the tool bar's menu and the store.
    const toggle = page.getByTestId('tool-bar-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.getByRole('button', { name: 'Choose plugins' }).click();
    await page.getByRole('menuitem', { name: 'Install more plugins…' }).click();
    const store = page.getByTestId('plugin-store-dialog');
    await store.getByTestId('plugin-search').fill('dall');
    await store.getByRole('button', { name: 'Install DALL-E-3' }).click();
    await store.getByRole('button', { name: 'Uninstall DALL-E-3' }).waitFor();
    await page.keyboard.press('Escape');
    await store.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Choose plugins' }).click();
    const option = page.getByRole('menuitemcheckbox', { name: 'DALL-E-3' });
    await option.click();
    await poll(() => option.getAttribute('aria-checked')).toBe('true');
    await page.keyboard.press('Escape');
    await poll(() =>
      page
        .getByTestId('tool-chip')
        .evaluateAll((chips) => chips.map((c) => c.getAttribute('data-plugin-key'))),
    ).toEqual(['dalle']);

    const reply = await sendAndSettle(
      chat,
      `Draw a square. ${sim({
        steps: [
          { toolCalls: [{ name: 'dalle', input: { prompt: 'a teal square' } }] },
          { reply: 'Here it is.' },
        ],
      })}`,
    );
    await poll(() => step(reply).getAttribute('data-state')).toBe('done');
    await poll(() => step(reply).getByRole('button').textContent()).toBe('Used DALL-E-3');
    const image = reply.getByTestId('tool-image').locator('img');
    await poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);
    expect(await image.getAttribute('alt')).toBe('a-teal-square.png');
    const fileId = /\/api\/files\/download\/([^/?]+)/.exec((await image.getAttribute('src')) ?? '')?.[1];
    expect(fileId).toBeTruthy();
    expect(await comesBefore(reply.getByTestId('tool-image'), reply.getByText('Here it is.'))).toBe(true);
    const box = (await reply.getByTestId('tool-image').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expectAxeClean(page);
    await reply.getByTestId('tool-image').scrollIntoViewIfNeeded();
    await shot(page, 'phone-image');

    // The same file in My Files, as a generated image.
    const files = await apiFromPage<FileRecord[]>(page, '/api/files');
    expect(files.body.map((f) => ({ ...f, filepath: '', createdAt: '', updatedAt: '' }))).toEqual([
      {
        file_id: fileId,
        filename: 'a-teal-square.png',
        filepath: '',
        type: 'image/png',
        bytes: Buffer.from(images.png, 'base64').length,
        source: 'local',
        context: 'image_generation',
        message_file: false,
        width: 320,
        height: 200,
        createdAt: '',
        updatedAt: '',
      },
    ]);
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'My Files' }).click();
    const dialog = page.getByRole('dialog', { name: 'My Files' });
    await dialog.waitFor();
    await poll(() =>
      dialog.locator('[data-file-name]').evaluateAll((names) => names.map((n) => n.textContent)),
    ).toEqual(['a-teal-square.png']);
    await expectAxeClean(page, '[role="dialog"]');
    await shot(page, 'phone-my-files');
    await chat.close();
  });
});
