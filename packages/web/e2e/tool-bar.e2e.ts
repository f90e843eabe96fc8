import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { animationsDone, artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { apiFromPage, signedInPage } from './session.test-helpers';

// The tool bar above the message box on the Plugins endpoint (docs/reference/tools.md (In the web)): the selected
// tools as chips and a menu to choose them, open by default, collapsed on screens up to 640 px; in en-US on a
// desktop (light) and zh-CN on a phone (dark), against the shared e2e server.

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000, interval: 50 });

const bar = (page: Page) => page.getByTestId('tool-bar');
const toggle = (page: Page) => page.getByTestId('tool-bar-toggle');
const panel = (page: Page) => page.getByTestId('tool-bar-panel');
const chipNames = (page: Page) =>
  bar(page)
    .getByTestId('tool-chip')
    .evaluateAll((chips) => chips.map((c) => c.textContent));
const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

async function expectAxeClean(page: Page): Promise<void> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="chat-input"]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shot(page: Page, name: string): Promise<void> {
  await animationsDone(page);
  await page.screenshot({ path: artifactPath(`tool-bar-${name}.png`) });
}

/** A user with `keys` installed through the API (Tavily with its key), on a new chat of the Plugins endpoint. */
async function pluginsChat(
  view: { locale: string; width: number; height: number; colorScheme: 'light' | 'dark' },
  keys: string[],
  labels: { endpoint: RegExp; menu: string },
) {
  const context = await newContext(browser, view);
  const { page } = await signedInPage(context, baseUrl, { tag: 'toolbar' });
  page.setDefaultTimeout(10_000);
  for (const key of keys) {
    const auth =
      key === 'tavily_search_results_json' ? { TAVILY_API_KEY: 'tvly-0123456789abcdef' } : undefined;
    const res = await apiFromPage(page, '/api/user/plugins', {
      method: 'POST',
      json: { pluginKey: key, action: 'install', auth },
    });
    expect(res.status).toBe(200);
  }
  // The page read the user (and so the installed plugins) when it opened.
  await page.reload();
  expect(await bar(page).count()).toBe(0);
  await page.getByTestId('endpoint-menu').click();
  await page.getByRole('menuitem', { name: labels.endpoint }).click();
  await page.getByRole('menuitemradio', { name: 'gpt-3.5-turbo', exact: true }).click();
  await poll(() => page.getByTestId('endpoint-menu').textContent()).toContain(
    `${labels.menu} · gpt-3.5-turbo`,
  );
  await bar(page).waitFor();
  return { context, page };
}

describe('the tool bar', () => {
  it('on a desktop (en-US, light): open by default, chooses and removes tools as the picker does, toggles by mouse and keyboard', async () => {
    const { context, page } = await pluginsChat(
      { locale: 'en-US', width: 1280, height: 800, colorScheme: 'light' },
      ['calculator', 'tavily_search_results_json'],
      { endpoint: /^Plugins/, menu: 'Plugins' },
    );
    expect(await bar(page).getAttribute('aria-label')).toBe('Plugins for this chat');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    expect(await toggle(page).getAttribute('aria-controls')).toBe(await panel(page).getAttribute('id'));
    expect(await panel(page).isVisible()).toBe(true);
    expect(await panel(page).textContent()).toBe('No plugins selectedChoose plugins');
    // It sits above the message box, inside its column.
    const barBox = (await bar(page).boundingBox())!;
    const inputBox = (await page.getByRole('textbox', { name: 'Message', exact: true }).boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThan(inputBox.y);
    await expectAxeClean(page);
    await shot(page, 'desktop-empty');

    // The menu offers the installed plugins; it stays open between picks.
    await bar(page).getByRole('button', { name: 'Choose plugins' }).click();
    for (const name of ['Calculator', 'Tavily Search']) {
      const item = page.getByRole('menuitemcheckbox', { name });
      await item.click();
      await poll(() => item.getAttribute('aria-checked')).toBe('true');
    }
    expect(await page.getByRole('menuitem', { name: 'Install more plugins…' }).count()).toBe(1);
    // The menu opens upwards, over the chat rather than under the screen's edge.
    const menuBox = (await page.getByRole('menu').boundingBox())!;
    expect(menuBox.y + menuBox.height).toBeLessThanOrEqual(barBox.y + barBox.height);
    await shot(page, 'desktop-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await poll(() => chipNames(page)).toEqual(['Calculator', 'Tavily Search']);
    expect(await toggle(page).textContent()).toBe('Plugins22 selected');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');
    await expectAxeClean(page);
    await shot(page, 'desktop-chosen');

    // The conversation settings' picker shows the same choice, and the next chat remembers it.
    await page.getByRole('button', { name: 'Conversation settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Conversation settings' });
    expect(await settings.getByTestId('tool-picker').textContent()).toContain('Calculator, Tavily Search');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
    expect(
      await page.evaluate(() =>
        (JSON.parse(localStorage.getItem('lastSelectedTools') ?? '[]') as Array<{ pluginKey: string }>).map(
          (t) => t.pluginKey,
        ),
      ),
    ).toEqual(['calculator', 'tavily_search_results_json']);

    // A chip's remove button works by keyboard; focus goes on to the menu's button.
    await bar(page).getByRole('button', { name: 'Remove Calculator' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => chipNames(page)).toEqual(['Tavily Search']);
    await poll(() => focusedTestId(page)).toBe('tool-bar-choose');

    // The message goes with the tools the bar shows.
    const ask = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/ask/gptPlugins'));
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect((JSON.parse((await ask).postData() ?? '{}') as { tools?: unknown }).tools).toEqual([
      'tavily_search_results_json',
    ]);
    await poll(() => page.getByRole('button', { name: 'Stop generating' }).count()).toBe(0);
    // A saved conversation keeps the bar and its choice.
    await poll(() => page.url()).toMatch(/\/c\/[0-9a-f-]{36}$/);
    await poll(() => chipNames(page)).toEqual(['Tavily Search']);

    // The toggle collapses it by mouse and opens it by keyboard.
    await toggle(page).click();
    await poll(() => toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await panel(page).isVisible()).toBe(false);
    expect(await toggle(page).textContent()).toBe('Plugins11 selected');
    await expectAxeClean(page);
    await shot(page, 'desktop-collapsed');
    await toggle(page).focus();
    await page.keyboard.press('Space');
    await poll(() => toggle(page).getAttribute('aria-expanded')).toBe('true');
    expect(await panel(page).isVisible()).toBe(true);

    // Another endpoint has no bar.
    await page.getByTestId('endpoint-menu').click();
    await page.getByRole('menuitem', { name: /^OpenAI/ }).click();
    await page.getByRole('menuitemradio', { name: 'gpt-3.5-turbo', exact: true }).click();
    await poll(() => bar(page).count()).toBe(0);
    await context.close();
  });

  it('on a phone (zh-CN, dark): collapsed up to 640 px and open above it, until the user toggles; nothing wider than the screen', async () => {
    const { context, page } = await pluginsChat(
      { locale: 'zh-CN', ...PHONE, colorScheme: 'dark' },
      ['calculator', 'tavily_search_results_json'],
      { endpoint: /^插件/, menu: '插件' },
    );
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await bar(page).getAttribute('aria-label')).toBe('本对话的插件');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');
    expect(await panel(page).isVisible()).toBe(false);
    expect(await toggle(page).textContent()).toBe('插件');
    await expectAxeClean(page);
    await shot(page, 'phone-collapsed');

    // The width decides while the user has not: 640 px is still collapsed, 641 px open.
    for (const [width, open] of [
      [640, 'false'],
      [641, 'true'],
      [1024, 'true'],
      [PHONE.width, 'false'],
    ] as const) {
      await page.setViewportSize({ width, height: PHONE.height });
      await poll(() => toggle(page).getAttribute('aria-expanded')).toBe(open);
    }

    // Opened by keyboard, the panel shows nothing chosen yet and the menu's button.
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await poll(() => toggle(page).getAttribute('aria-expanded')).toBe('true');
    expect(await panel(page).textContent()).toBe('未选择插件选择插件');
    await bar(page).getByRole('button', { name: '选择插件' }).click();
    for (const name of ['Calculator', 'Tavily Search']) {
      const item = page.getByRole('menuitemcheckbox', { name });
      await item.click();
      await poll(() => item.getAttribute('aria-checked')).toBe('true');
    }
    const menuBox = (await page.getByRole('menu').boundingBox())!;
    expect(menuBox.x).toBeGreaterThanOrEqual(0);
    expect(menuBox.x + menuBox.width).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'phone-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await poll(() => chipNames(page)).toEqual(['Calculator', 'Tavily Search']);
    expect(await toggle(page).textContent()).toBe('插件2已选 2 个');
    expect(await bar(page).getByRole('button', { name: '移除 Calculator' }).count()).toBe(1);
    // The settings' picker names the same two, in Chinese punctuation.
    await page.getByRole('button', { name: '对话设置' }).click();
    const settings = page.getByRole('dialog', { name: '对话设置' });
    expect(await settings.getByTestId('tool-picker').textContent()).toContain('Calculator、Tavily Search');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    // The user's choice now holds at any width.
    await page.setViewportSize({ width: 1280, height: PHONE.height });
    await page.setViewportSize(PHONE);
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('true');

    // Nothing sticks out of the screen; the message box is still there below the bar.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const rights = await bar(page)
      .locator('[data-testid="tool-chip"], [data-testid="tool-bar-choose"]')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right));
    for (const right of rights) expect(right).toBeLessThanOrEqual(PHONE.width);
    const barBox = (await bar(page).boundingBox())!;
    const inputBox = (await page.getByRole('textbox', { name: '消息', exact: true }).boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThan(inputBox.y);
    await expectAxeClean(page);
    await shot(page, 'phone-open');

    // Collapsed again, the count stays in view.
    await toggle(page).click();
    await poll(() => toggle(page).getAttribute('aria-expanded')).toBe('false');
    await shot(page, 'phone-collapsed-chosen');
    await context.close();
  });
});
