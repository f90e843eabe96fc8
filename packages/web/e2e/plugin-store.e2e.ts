import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { unknownPlugin } from '@parley/shared';
import {
  animationsDone,
  artifactPath,
  launchBrowser,
  newContext,
  pageTasksDone,
} from './browser.test-helpers';
import { apiFromPage, signedInPage } from './session.test-helpers';

// The plugin store and the Plugins endpoint's tool picker (docs/reference/tools.md (The plugin store)) in zh-CN,
// on a desktop (light) and a phone (dark), against the shared e2e server, where no plugin key is set by the
// operator: Calculator installs straight away, Tavily asks for its key.

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const STORE_SIZE = 10;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 10_000, interval: 50 });

async function expectAxeClean(page: Page, scope: string): Promise<void> {
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page }).include(scope).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shot(page: Page, name: string): Promise<void> {
  await animationsDone(page);
  await page.screenshot({ path: artifactPath(`plugin-store-${name}.png`) });
}

const store = (page: Page) => page.getByTestId('plugin-store-dialog');
const grid = (page: Page) => store(page).getByTestId('plugin-grid');
const card = (page: Page, key: string) => store(page).locator(`[data-plugin-key="${key}"]`);
const perPage = (page: Page) => grid(page).getAttribute('data-per-page');
const pageButtons = (page: Page) => store(page).getByTestId('plugin-page');
const currentPage = (page: Page) => store(page).locator('[aria-current="page"]').textContent();
/** The shown cards' columns and rows: how many distinct left and top edges they have. */
const cardGrid = (page: Page) =>
  store(page)
    .getByTestId('plugin-card')
    .evaluateAll((cards) => {
      const boxes = cards.map((c) => c.getBoundingClientRect());
      return [
        new Set(boxes.map((b) => Math.round(b.left))).size,
        new Set(boxes.map((b) => Math.round(b.top))).size,
      ];
    });
const installedKeys = async (page: Page) =>
  (await apiFromPage<{ plugins: string[] }>(page, '/api/user')).body.plugins;

/** A zh-CN user on a new chat of the Plugins endpoint, with its settings popover open. */
async function pluginsChat(options: { width: number; height: number; colorScheme: 'light' | 'dark' }) {
  const context = await newContext(browser, { locale: 'zh-CN', ...options });
  const { page } = await signedInPage(context, baseUrl, { tag: 'plugins' });
  page.setDefaultTimeout(10_000);
  await page.getByTestId('endpoint-menu').click();
  await page.getByRole('menuitem', { name: /^插件/ }).click();
  await page.getByRole('menuitemradio', { name: 'gpt-3.5-turbo', exact: true }).click();
  await poll(() => page.getByTestId('endpoint-menu').textContent()).toContain('插件 · gpt-3.5-turbo');
  await openSettings(page);
  return { context, page };
}

async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '对话设置' }).click();
  const popover = page.getByRole('dialog', { name: '对话设置' });
  await popover.getByTestId('tool-picker').waitFor();
  return popover;
}

describe('the plugin store', () => {
  it('on a desktop (light): search, paging, install with and without a key, uninstall, the error banner, the picker', async () => {
    const { context, page } = await pluginsChat({ width: 1280, height: 800, colorScheme: 'light' });
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/user/plugins')) posts.push(r.postData() ?? '');
    });

    // The picker starts empty; the store opens from the Plugins settings' button.
    const popover = page.getByRole('dialog', { name: '对话设置' });
    expect(await popover.getByTestId('tool-picker').textContent()).toContain('未选择插件');
    await popover.getByRole('button', { name: '插件商店' }).click();
    await store(page).getByRole('heading', { name: '插件商店' }).waitFor();
    await poll(() => store(page).getByTestId('plugin-card').count()).toBe(8);
    // On a desktop the search box takes focus; every icon loaded (no letter stands in).
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'plugin-search',
    );
    expect(await store(page).getByTestId('plugin-letter').count()).toBe(0);
    expect(await perPage(page)).toBe('8');
    expect(await pageButtons(page).count()).toBe(Math.ceil(STORE_SIZE / 8));
    expect(await currentPage(page)).toBe('1');
    await expectAxeClean(page, '[data-testid="plugin-store-dialog"]');
    await shot(page, 'desktop-light');

    // Paging by keyboard: the next button, then the page numbers.
    await store(page).getByRole('button', { name: '下一页' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => currentPage(page)).toBe('2');
    expect(await store(page).getByTestId('plugin-card').count()).toBe(STORE_SIZE - 8);
    expect(await store(page).getByRole('button', { name: '下一页' }).isDisabled()).toBe(true);

    // Focus stays inside; Escape closes and gives focus back to the settings' trigger (the popover the store
    // was opened from has closed).
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await store(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await store(page).waitFor({ state: 'detached' });
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      '对话设置',
    );
    await (await openSettings(page)).getByRole('button', { name: '插件商店' }).click();
    await poll(() => store(page).getByTestId('plugin-card').count()).toBe(8);
    await pageButtons(page).filter({ hasText: '2' }).click();
    await poll(() => currentPage(page)).toBe('2');

    // Searching starts again from page 1; it reads names and descriptions, ignoring case.
    await store(page).getByTestId('plugin-search').fill('E');
    await poll(() => currentPage(page)).toBe('1');
    await store(page).getByTestId('plugin-search').fill('SEARCH');
    await poll(() => store(page).getByTestId('plugin-card').count()).toBe(5);
    expect(await pageButtons(page).count()).toBe(0);
    await store(page).getByTestId('plugin-search').fill('没有这个插件');
    await store(page).getByText('没有与“没有这个插件”匹配的插件。').waitFor();
    await shot(page, 'desktop-search-empty');
    await store(page).getByTestId('plugin-search').fill('');

    // Calculator needs no key: it installs at once.
    await card(page, 'calculator').getByRole('button', { name: '安装 Calculator' }).click();
    await card(page, 'calculator').getByRole('button', { name: '卸载 Calculator' }).waitFor();
    expect(await installedKeys(page)).toEqual(['calculator']);

    // Tavily needs its key: the form asks for it, refuses a short one before sending, then installs.
    await card(page, 'tavily_search_results_json')
      .getByRole('button', { name: '安装 Tavily Search' })
      .click();
    const form = store(page).getByTestId('plugin-auth-form');
    const key = form.getByLabel('Tavily API Key');
    await poll(() => key.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await key.getAttribute('type')).toBe('password');
    expect(await form.getByText('Your Tavily API key.').count()).toBe(1);
    await key.fill('tvly-123');
    await form.getByRole('button', { name: '保存并安装' }).click();
    await form.getByText('Tavily API Key 至少需要 10 个字符').waitFor();
    expect(await key.getAttribute('aria-invalid')).toBe('true');
    expect(posts.filter((p) => p.includes('tavily'))).toEqual([]);
    await expectAxeClean(page, '[data-testid="plugin-store-dialog"]');
    await shot(page, 'desktop-auth-refused');
    await key.fill('tvly-0123456789abcdef');
    await form.getByRole('button', { name: '保存并安装' }).click();
    const tavilyUninstall = card(page, 'tavily_search_results_json').getByRole('button', {
      name: '卸载 Tavily Search',
    });
    await tavilyUninstall.waitFor();
    // Focus is back on the card the form was for.
    await poll(() => tavilyUninstall.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(JSON.parse(posts.at(-1)!)).toEqual({
      pluginKey: 'tavily_search_results_json',
      action: 'install',
      auth: { TAVILY_API_KEY: 'tvly-0123456789abcdef' },
    });
    expect(await installedKeys(page)).toEqual(['calculator', 'tavily_search_results_json']);
    await shot(page, 'desktop-installed');

    // Uninstalling deletes the saved key: Tavily needs one again.
    await tavilyUninstall.click();
    await card(page, 'tavily_search_results_json')
      .getByRole('button', { name: '安装 Tavily Search' })
      .waitFor();
    await poll(() => card(page, 'tavily_search_results_json').textContent()).toContain('需要设置');
    expect(await installedKeys(page)).toEqual(['calculator']);

    await page.keyboard.press('Escape');
    await store(page).waitFor({ state: 'detached' });

    // The picker offers the installed plugin; choosing it disables the custom name and prompt prefix.
    const settings = await openSettings(page);
    await settings
      .getByTestId('tool-picker')
      .getByRole('button', { name: /^插件 / })
      .click();
    await page.getByRole('menuitemcheckbox', { name: 'Calculator' }).click();
    await poll(() =>
      page.getByRole('menuitemcheckbox', { name: 'Calculator' }).getAttribute('aria-checked'),
    ).toBe('true');
    await shot(page, 'desktop-picker');
    await page.keyboard.press('Escape');
    expect(await settings.getByTestId('tool-picker').textContent()).toContain('Calculator');
    for (const field of ['chatGptLabel', 'promptPrefix']) {
      const box = settings.getByTestId(`setting-${field}`);
      expect(await box.locator('input, textarea').isDisabled()).toBe(true);
      expect(await box.textContent()).toContain('选择插件时不使用此项。');
    }
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('lastSelectedTools') ?? 'null') as unknown),
    ).toEqual([
      {
        pluginKey: 'calculator',
        name: 'Calculator',
        description: 'Perform simple and complex mathematical calculations.',
        icon: '/assets/plugins/calculator.svg',
        authConfig: [],
      },
    ]);
    await expectAxeClean(page, '[data-testid="tool-picker"]');
    await shot(page, 'desktop-picker-chosen');

    // The message goes with the chosen tools, as plugin keys.
    await page.keyboard.press('Escape');
    const ask = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/ask/gptPlugins'));
    await page.getByRole('textbox', { name: '消息', exact: true }).fill('1 + 1?');
    await page.getByRole('button', { name: '发送消息' }).click();
    expect((JSON.parse((await ask).postData() ?? '{}') as { tools?: unknown }).tools).toEqual(['calculator']);

    // The store again, from the picker's "install more" entry.
    const picker = (await openSettings(page)).getByTestId('tool-picker');
    await picker.getByRole('button', { name: /^插件 / }).click();
    await page.getByRole('menuitem', { name: '安装更多插件…' }).click();
    await poll(() => store(page).getByTestId('plugin-card').count()).toBe(8);

    // A refused call: the banner says so with the server's message, for 5 s of the page's clock.
    await page.route('**/api/user/plugins', (route) =>
      route.fulfill({ status: 400, json: { message: unknownPlugin('calculator') } }),
    );
    await page.clock.install({ time: Date.now() - 60_000 });
    await page.clock.pauseAt(Date.now());
    await card(page, 'calculator').getByRole('button', { name: '卸载 Calculator' }).click();
    const banner = store(page).getByTestId('plugin-error');
    await banner.waitFor();
    expect(await banner.textContent()).toBe(`插件验证失败，请重试。 ${unknownPlugin('calculator')}`);
    await pageTasksDone(page);
    await page.clock.runFor(4_900);
    expect(await banner.count()).toBe(1);
    await shot(page, 'desktop-error');
    await page.clock.runFor(100);
    await poll(() => banner.count()).toBe(0);
    await page.clock.resume();
    await page.unroute('**/api/user/plugins');

    await context.close();
  });

  it('at each width: the page size and a grid of 2 × 2, 2 × 3 and 2 × 4, and 8 on a phone; the page kept or the last one', async () => {
    const { context, page } = await pluginsChat({ width: 1280, height: 800, colorScheme: 'light' });
    await page.getByRole('dialog', { name: '对话设置' }).getByRole('button', { name: '插件商店' }).click();
    await poll(() => store(page).getByTestId('plugin-card').count()).toBe(8);

    // The page size follows the window: 8 below 501 px (two to a row on a phone), then two rows of 2, 3 and 4; the
    // cards are laid out so (columns and rows of page 1, which is full).
    for (const [width, size, grid] of [
      [390, 8, [2, 4]],
      [500, 8, [2, 4]],
      [501, 4, [2, 2]],
      [600, 4, [2, 2]],
      [639, 4, [2, 2]],
      [640, 6, [3, 2]],
      [800, 6, [3, 2]],
      [1023, 6, [3, 2]],
      [1024, 8, [4, 2]],
      [1280, 8, [4, 2]],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await poll(() => perPage(page)).toBe(String(size));
      expect(await pageButtons(page).count()).toBe(Math.ceil(STORE_SIZE / size));
      await poll(() => cardGrid(page)).toEqual(grid);
      if (width === 600 || width === 800) await shot(page, `desktop-${width}`);
    }
    // Page 3 of 3 at 600 px is past the end at 1280 px: the last page shows instead.
    await page.setViewportSize({ width: 600, height: 800 });
    await pageButtons(page).filter({ hasText: '3' }).click();
    await poll(() => store(page).getByTestId('plugin-card').count()).toBe(2);
    await page.setViewportSize({ width: 1280, height: 800 });
    await poll(() => currentPage(page)).toBe('2');
    await context.close();
  });

  it('on a phone (dark): 8 per page, full height and scrolling, opened from the picker\'s "install more"', async () => {
    const { context, page } = await pluginsChat({ ...PHONE, colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    const settings = page.getByRole('dialog', { name: '对话设置' });
    await settings
      .getByTestId('tool-picker')
      .getByRole('button', { name: /^插件 / })
      .click();
    await page.getByText('尚未安装插件。').waitFor();
    await shot(page, 'phone-picker-empty');
    await page.getByRole('menuitem', { name: '安装更多插件…' }).click();
    await poll(() => store(page).getByTestId('plugin-card').count()).toBe(8);
    expect(await perPage(page)).toBe('8');

    // The dialog fills the height (less its margins) and its body scrolls.
    const box = (await store(page).boundingBox())!;
    expect(box.height).toBeGreaterThan(PHONE.height - 40);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    const scrolls = await store(page)
      .locator(':scope > div.overflow-y-auto')
      .evaluate((el) => el.scrollHeight > el.clientHeight);
    expect(scrolls).toBe(true);
    // Two columns fit at 390 px.
    const lefts = await store(page)
      .getByTestId('plugin-card')
      .evaluateAll((cards) => [...new Set(cards.map((c) => Math.round(c.getBoundingClientRect().left)))]);
    expect(lefts).toHaveLength(2);
    await expectAxeClean(page, '[data-testid="plugin-store-dialog"]');
    await shot(page, 'phone-dark');

    await card(page, 'calculator').getByRole('button', { name: '安装 Calculator' }).click();
    await card(page, 'calculator').getByRole('button', { name: '卸载 Calculator' }).waitFor();
    await card(page, 'serpapi').getByRole('button', { name: '安装 Serpapi' }).click();
    await store(page).getByTestId('plugin-auth-form').waitFor();
    await expectAxeClean(page, '[data-testid="plugin-store-dialog"]');
    await shot(page, 'phone-auth');
    await store(page).getByRole('button', { name: '取消' }).click();
    await poll(() =>
      card(page, 'serpapi')
        .getByRole('button', { name: '安装 Serpapi' })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await store(page).getByRole('button', { name: '下一页' }).click();
    await poll(() => currentPage(page)).toBe('2');
    await store(page).getByTestId('plugin-grid').scrollIntoViewIfNeeded();
    await shot(page, 'phone-page-2');

    await page.keyboard.press('Escape');
    await store(page).waitFor({ state: 'detached' });
    // Opened from a menu item of the popover, both gone: focus goes back to the settings' trigger.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      '对话设置',
    );
    const picker = (await openSettings(page)).getByTestId('tool-picker');
    await picker.getByRole('button', { name: /^插件 / }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Calculator' }).waitFor();
    await shot(page, 'phone-picker');
    await context.close();
  });
});
