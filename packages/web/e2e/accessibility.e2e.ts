import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsDone, artifactPath, launchBrowser, newContext, uniqueEmail } from './browser.test-helpers';
import { seedImages, smallPng } from './my-files.test-helpers';
import { apiFromPage, PASSWORD } from './session.test-helpers';

// axe-core over the main screens, in the light and the dark theme: any violation of its default rules (WCAG 2.0
// and 2.1 A/AA, best practices) fails, with what a reader needs to fix it. One signed-in page per theme walks
// the screens in turn, so the whole file stays well under a minute.

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

/** A reply with what the markdown renderer makes: highlighted code, a task list, a table and a link. */
const REPLY = [
  '## Retry helper',
  '',
  'See [the fetch docs](https://developer.mozilla.org/en-US/docs/Web/API/fetch) for the options.',
  '',
  '```typescript',
  'export async function retry<T>(task: () => Promise<T>, times = 3): Promise<T> {',
  '  for (let attempt = 1; ; attempt += 1) {',
  '    try {',
  '      return await task();',
  '    } catch (error) {',
  '      if (attempt >= times) throw new Error(`gave up after ${times} tries: ${String(error)}`);',
  '    }',
  '  }',
  '}',
  '```',
  '',
  '- [ ] a',
  '- [x] b',
  '',
  '| Try | Wait (ms) |',
  '|---|---:|',
  '| 1 | 100 |',
  '| 2 | 400 |',
].join('\n');

/**
 * Runs axe (its default rules) on the page as it is, or on `scope` only, and records a failure listing each
 * violation: rule, impact, summary, and every target with axe's account of what is wrong there.
 */
async function expectNoViolations(page: Page, screen: string, scope?: string): Promise<void> {
  await animationsDone(page);
  const builder = new AxeBuilder({ page });
  if (scope) builder.include(scope);
  const { violations } = await builder.analyze();
  const report = violations.map((violation) =>
    [
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help} [${violation.helpUrl}]`,
      ...violation.nodes.map(
        (node) =>
          `  - ${node.target.map((t) => JSON.stringify(t)).join(' ')}: ${(node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ')}`,
      ),
    ].join('\n'),
  );
  if (report.length > 0) await page.screenshot({ path: artifactPath(`axe-${screen}.png`) });
  // Soft: the walk goes on to the next screens, so one run lists everything there is to fix.
  expect.soft(report.length, `axe violations on ${screen}:\n${report.join('\n')}\n`).toBe(0);
}

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describe.each(['light', 'dark'] as const)('accessibility, %s theme', (theme) => {
  let context: BrowserContext;
  let page: Page;
  const screen = (name: string) => `${name}-${theme}`;

  beforeAll(async () => {
    context = await newContext(browser, { colorScheme: theme });
    // The stored choice too, so the theme is the app's own setting and not only the system's.
    await context.addInitScript((choice) => localStorage.setItem('color-theme', choice), theme);
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
  });
  afterAll(async () => context?.close());

  it('login page', async () => {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await isDark(page)).toBe(theme === 'dark');
    await expectNoViolations(page, screen('login'));

    // Signs up through the API (the page then holds the session), with a saved preset and an uploaded file.
    const email = uniqueEmail(`a11y-${theme}`);
    const status = await page.evaluate(
      async ([email, password]) =>
        (
          await fetch('/api/auth/register', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Ada Lovelace', email, password, confirm_password: password }),
          })
        ).status,
      [email, PASSWORD],
    );
    expect(status).toBe(201);
    const preset = await apiFromPage(page, '/api/presets', {
      method: 'POST',
      json: { preset: { title: 'Careful reviewer', endpoint: 'openAI', model: 'gpt-4', temperature: 0.3 } },
    });
    expect(preset.status).toBe(201);
    await seedImages(page, [{ name: 'diagram.png', bytes: await smallPng(), width: 64, height: 48 }]);
  });

  it('chat with a markdown reply (code, task list, table, link)', async () => {
    await page.goto(`${baseUrl}/c/new`);
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('endpoint-menu').textContent()).toContain('OpenAI');
    await box.fill(`Write a retry helper [[sim ${JSON.stringify({ reply: REPLY, rate: 1000 })}]]`);
    await expect.poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
    await box.press('Enter');
    const log = page.getByRole('log');
    await log.getByRole('cell', { name: '400' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => log.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await log.locator('.hljs-keyword').first().waitFor();
    await expectNoViolations(page, screen('chat'));
    await page.screenshot({ path: artifactPath(`a11y-chat-${theme}.png`) });

    // What axe checked, as a user meets it: the conversation's title is the page's h1; each task-list box is
    // named by its item; the code block is a named tab stop whose long line the arrow keys scroll into view.
    const id = /\/c\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    const saved = async () => (await apiFromPage<{ title: string }>(page, `/api/convos/${id}`)).body.title;
    // (The server names the conversation a moment after the reply; the heading follows.)
    await expect
      .poll(async () => (await page.getByRole('heading', { level: 1 }).textContent()) === (await saved()), {
        timeout: 10_000,
      })
      .toBe(true);
    expect(await log.getByRole('checkbox', { name: 'a', exact: true }).isChecked()).toBe(false);
    expect(await log.getByRole('checkbox', { name: 'b', exact: true }).isChecked()).toBe(true);
    // Read-only boxes are drawn solid, not greyed out as the browser draws a disabled box: a ticked one is filled.
    const fill = (name: string) =>
      log
        .getByRole('checkbox', { name, exact: true })
        .evaluate((box) => getComputedStyle(box).backgroundColor);
    expect(await fill('b')).toBe(theme === 'dark' ? 'rgb(13, 148, 136)' : 'rgb(15, 118, 110)');
    expect(await fill('a')).toBe(theme === 'dark' ? 'rgb(24, 24, 27)' : 'rgb(255, 255, 255)');
    const code = log.getByRole('group', { name: 'Code: typescript' });
    await code.focus();
    const scrolled = () => code.evaluate((pre) => pre.scrollLeft);
    expect(await scrolled()).toBe(0);
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrolled).toBeGreaterThan(0);
    expect(await log.getByRole('group', { name: 'Table' }).getAttribute('tabindex')).toBe('0');
  });

  it('model menu open, and its models submenu', async () => {
    // Named by its visible text first (label in name), then by what it does.
    const button = page.getByRole('button', { name: /^OpenAI · gpt-3\.5-turbo ?, Select a model$/ });
    await button.click();
    await page.getByRole('menu').waitFor();
    // Not modal: nothing around the open menu is hidden from assistive tech, and the menu is in the top bar.
    expect(await page.locator('[aria-hidden="true"] :is(a, button, input, textarea)').count()).toBe(0);
    expect(await page.locator('header [role="menu"]').count()).toBe(1);
    await expectNoViolations(page, screen('model-menu'));
    await page.getByRole('menuitem', { name: /^OpenAI/ }).click();
    await page.getByRole('menuitemradio', { name: 'gpt-4', exact: true }).waitFor();
    await expectNoViolations(page, screen('model-submenu'));
    await page.screenshot({ path: artifactPath(`a11y-model-menu-${theme}.png`) });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  });

  it('user menu open', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    await expectNoViolations(page, screen('user-menu'));
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  });

  it('settings dialog, every tab', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    const tabs = dialog.getByRole('tab');
    const count = await tabs.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i += 1) {
      await tabs.nth(i).click();
      const name = (await tabs.nth(i).textContent())?.trim().toLowerCase() ?? String(i);
      // The whole page once; then only the dialog, whose tab is what changed.
      await expectNoViolations(page, screen(`settings-${name}`), i === 0 ? undefined : '[role="dialog"]');
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }, 180_000); // an axe run and a screenshot for each of the five tabs: minutes on a busy two-core machine

  it('conversation settings', async () => {
    await page.getByRole('button', { name: 'Conversation settings' }).click();
    await page.getByRole('dialog', { name: 'Conversation settings' }).waitFor();
    await expectNoViolations(page, screen('conversation-settings'));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it('presets panel with a saved preset', async () => {
    await page.getByRole('button', { name: 'Presets', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Presets' });
    await panel.waitFor();
    await panel.getByText('Careful reviewer').waitFor();
    await expectNoViolations(page, screen('presets'));
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('My Files with an uploaded file', async () => {
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'My Files' }).click();
    const dialog = page.getByRole('dialog', { name: 'My Files' });
    await dialog.waitFor();
    await dialog.getByText('diagram.png').waitFor();
    await expectNoViolations(page, screen('my-files'));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
