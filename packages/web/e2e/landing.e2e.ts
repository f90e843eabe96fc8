import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { animationsDone, artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { signedInPage } from './session.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';

// The landing cards of a new chat (docs/reference/settings-and-ui.md (The chat screen); the choices in
// docs/decisions.md, "Everyday chat (landing cards)"): each leads to a model that can do its task, or is not shown.
//
// Three endpoint sets: the shared server (OpenAI with gpt-4-vision-preview, Google, Anthropic and the user-keyed
// Mirror), one where only Google's gemini-1.5-pro sees images and holds a long text, and one where nothing does.

const baseUrl = inject('baseUrl');
const simUrl = inject('simUrl');

/** The shared e2e server's settings with other model lists: `undefined` drops a setting (that provider is off). */
function serverEnv(changes: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string | undefined> = {
    ...e2eServerEnv(simUrl, mkdtempSync(join(tmpdir(), 'parley-e2e-landing-'))),
    ...changes,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

let browser: Browser;
let geminiOnly: ServerProcess;
let plain: ServerProcess;
beforeAll(async () => {
  browser = await launchBrowser();
  [geminiOnly, plain] = await Promise.all([
    startServer(
      serverEnv({
        OPENAI_MODELS: 'gpt-3.5-turbo',
        GOOGLE_MODELS: 'gemini-1.5-pro',
        ANTHROPIC_API_KEY: undefined,
      }),
    ),
    startServer(
      serverEnv({ OPENAI_MODELS: 'gpt-3.5-turbo', GOOGLE_KEY: undefined, ANTHROPIC_API_KEY: undefined }),
    ),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([geminiOnly?.stop(), plain?.stop()]);
});

interface Landing {
  context: BrowserContext;
  page: Page;
}

async function openLanding(
  origin: string,
  options: Parameters<typeof newContext>[1] = {},
  run: (landing: Landing) => Promise<void>,
): Promise<void> {
  const context = await newContext(browser, options);
  try {
    const { page } = await signedInPage(context, origin, { tag: 'landing' });
    page.setDefaultTimeout(10_000);
    // The new chat has its endpoint: OpenAI, the first in the menu, with its first model.
    await poll(() => modelButton(page).textContent()).toContain('gpt-3.5-turbo');
    await run({ context, page });
  } finally {
    await context.close();
  }
}

/** expect.poll that waits long enough for a busy machine. */
const poll = <T>(fn: () => Promise<T> | T, timeout = 10_000) => expect.poll(fn, { timeout, interval: 50 });
const modelButton = (page: Page) => page.getByTestId('endpoint-menu');
const box = (page: Page, name = 'Message') => page.getByRole('textbox', { name, exact: true });
const card = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${title}`) });
const cardTitles = (page: Page) =>
  page.locator('[data-card] button > span > span:first-child').allTextContents();
const focusedIs = (page: Page, name: string) =>
  page.evaluate((name) => document.activeElement?.getAttribute('aria-label') === name, name);

interface SimRequest {
  provider: string;
  model?: string;
  body: unknown;
  at: number;
}
/** The provider requests since `since` whose body holds `text` (the simulator's log). */
async function simRequests(text: string, since: number): Promise<SimRequest[]> {
  const log = (await (await fetch(`${simUrl}/_sim/requests`)).json()) as SimRequest[];
  // The send's own request: the title request that follows a first reply quotes the question too.
  return log.filter(
    (r) =>
      r.at >= since &&
      JSON.stringify(r.body).includes(text) &&
      !JSON.stringify(r.body).includes('concise title'),
  );
}

const PLAN = 'Help me plan my week. First ask me about my goals and what is already fixed';
const IMAGE = 'Describe what is in the attached picture and read out any text in it.';
const SUMMARY = 'Summarize the text below in five bullet points, then list the questions it leaves open:';

describe('landing cards', () => {
  it('switch to a model of the same endpoint that sees images, fill the box and send with that model', async () => {
    await openLanding(baseUrl, {}, async ({ page }) => {
      expect(await cardTitles(page)).toEqual([
        'Make a plan',
        'Review some code',
        'Understand an image',
        'Summarize a long text',
      ]);
      // Only the cards the current model cannot do say where they lead.
      expect(await card(page, 'Understand an image').textContent()).toContain(
        'Switches to gpt-4-vision-preview',
      );
      expect(await card(page, 'Make a plan').textContent()).not.toContain('Switches to');
      await page.screenshot({ path: artifactPath('landing-cards-desktop.png') });

      await card(page, 'Understand an image').click();
      await poll(() => modelButton(page).textContent()).toContain('OpenAI · gpt-4-vision-preview');
      expect(await box(page).inputValue()).toBe(IMAGE);
      await poll(() => focusedIs(page, 'Message')).toBe(true);
      // The current model now does it: the card no longer switches.
      expect(await card(page, 'Understand an image').textContent()).not.toContain('Switches to');

      // A card any model can do keeps the model and replaces the draft.
      await card(page, 'Make a plan').click();
      expect(await box(page).inputValue()).toContain(PLAN);
      expect(await modelButton(page).textContent()).toContain('OpenAI · gpt-4-vision-preview');

      const since = Date.now();
      await card(page, 'Understand an image').click();
      await box(page).press('Enter');
      await poll(async () =>
        (await simRequests(IMAGE, since)).map((r) => `${r.provider} ${r.model}`),
      ).toEqual(['openai gpt-4-vision-preview']);
    });
  });

  it('switch to another endpoint when only it has the model, and send there', async () => {
    await openLanding(geminiOnly.baseUrl, {}, async ({ page }) => {
      expect(await card(page, 'Summarize a long text').textContent()).toContain(
        'Switches to Google · gemini-1.5-pro',
      );
      await card(page, 'Summarize a long text').click();
      await poll(() => modelButton(page).textContent()).toContain('Google · gemini-1.5-pro');
      expect(await box(page).inputValue()).toBe(`${SUMMARY}\n\n`);
      await poll(() => focusedIs(page, 'Message')).toBe(true);
      // The user pastes the text after the prompt, where the caret is, and sends.
      await page.keyboard.type('Parley is a self-hosted chat app.');
      expect(await box(page).inputValue()).toBe(`${SUMMARY}\n\nParley is a self-hosted chat app.`);
      const since = Date.now();
      await box(page).press('Enter');
      await poll(async () =>
        (await simRequests(SUMMARY, since)).map((r) => `${r.provider} ${r.model}`),
      ).toEqual(['gemini gemini-1.5-pro']);
    });
  });

  it('are not shown when no configured model can do their task', async () => {
    await openLanding(plain.baseUrl, {}, async ({ page }) => {
      await card(page, 'Make a plan').waitFor();
      expect(await cardTitles(page)).toEqual(['Make a plan', 'Review some code']);
      expect(await page.getByText('Understand an image').count()).toBe(0);
      expect(await page.getByText('Summarize a long text').count()).toBe(0);
      await page.screenshot({ path: artifactPath('landing-cards-plain.png') });
      await card(page, 'Review some code').click();
      expect(await box(page).inputValue()).toBe(
        'Explain what this code does, point out any bugs and suggest fixes:\n\n',
      );
      expect(await modelButton(page).textContent()).toContain('OpenAI · gpt-3.5-turbo');
    });
  });

  it('speak Chinese in zh-CN, and fit a phone', async () => {
    await openLanding(baseUrl, { locale: 'zh-CN', width: 390, height: 844 }, async ({ page }) => {
      expect(await cardTitles(page)).toEqual(['制定计划', '解读代码', '图片识别', '总结长文']);
      expect(await card(page, '图片识别').textContent()).toContain('将切换到 gpt-4-vision-preview');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await animationsDone(page);
      await page.screenshot({ path: artifactPath('landing-cards-phone-zh.png') });
      await card(page, '图片识别').click();
      await poll(() => modelButton(page).textContent()).toContain('gpt-4-vision-preview');
      expect(await box(page, '消息').inputValue()).toBe('请描述附图中的内容，并识别其中的文字。');
      await poll(() => focusedIs(page, '消息')).toBe(true);
    });
    await openLanding(baseUrl, { locale: 'zh-CN', colorScheme: 'dark' }, async ({ page }) => {
      await card(page, '总结长文').waitFor();
      await animationsDone(page);
      await page.screenshot({ path: artifactPath('landing-cards-desktop-zh-dark.png') });
    });
  });
});
