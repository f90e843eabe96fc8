import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { startSim, type Sim } from '@parley/sim';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { animationsDone, artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { signedInPage } from './session.test-helpers';

// The README's screenshots: a real conversation against the simulator, whose canned rules give natural replies
// (so the pictures show no [[sim]] directives). `UPDATE_SCREENSHOTS=1` copies them into docs/screenshots/.
const PLAN = [
  '## Three days in Kyoto',
  '',
  'A first visit works best with one area per day, so you walk more and ride less.',
  '',
  '| Day | Area | Highlights |',
  '|---|---|---|',
  '| 1 | Higashiyama | Kiyomizu-dera, Sannenzaka, Gion at dusk |',
  '| 2 | Arashiyama | Bamboo grove, Tenryū-ji, a river boat |',
  '| 3 | North & centre | Kinkaku-ji, Nishiki Market, Pontochō |',
  '',
  '**Tip:** buy a one-day bus pass on day 1 and 3; day 2 is best by train.',
].join('\n');
const CODE = [
  'Here is a small helper that splits a budget evenly and keeps the rounding fair:',
  '',
  '```python',
  'def split_budget(total: int, days: int) -> list[int]:',
  '    base, extra = divmod(total, days)',
  '    return [base + (1 if day < extra else 0) for day in range(days)]',
  '',
  'print(split_budget(50_000, 3))  # [16667, 16667, 16666]',
  '```',
].join('\n');

let sim: Sim;
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  sim = await startSim({
    port: 0,
    host: '127.0.0.1',
    defaults: { rate: 120 },
    rules: [
      { contains: 'User: ', script: { reply: 'Three days in Kyoto' } },
      { contains: 'budget', script: { reply: CODE } },
      { contains: 'Kyoto', script: { reply: PLAN } },
    ],
  });
  server = await startServer({
    ...e2eServerEnv(sim.url, mkdtempSync(join(tmpdir(), 'parley-shots-'))),
    // The pictures show models of today (the other specs keep their fixed list).
    OPENAI_MODELS: 'gpt-4.1,gpt-4.1-mini,gpt-4o',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sim?.close();
});

const SHOTS = ['chat-desktop.png', 'chat-phone.png', 'chat-dark.png', 'chat-phone-dark.png'];

describe('README screenshots', () => {
  it('shows a real conversation on desktop and phone, in the light and dark themes', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, server.baseUrl, { name: 'Mei Chen', tag: 'shots' });
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('Plan three days in Kyoto for a first visit');
    await input.press('Enter');
    await page.getByRole('cell', { name: 'Arashiyama' }).waitFor({ timeout: 15_000 });
    await page.waitForURL(/\/c\/[0-9a-f-]{36}$/);
    await page
      .getByRole('link', { name: /Three days in Kyoto/ })
      .first()
      .waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Regenerate' }).last().waitFor();
    await input.fill('Write a tiny Python function that splits the budget per day');
    await input.press('Enter');
    await page.getByText('def split_budget').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Regenerate' }).nth(1).waitFor();
    await animationsDone(page);
    await page.screenshot({ path: artifactPath('docs-chat-desktop.png') });

    const url = page.url();
    const phone = await newContext(browser, { width: 390, height: 844 });
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    await phonePage.goto(url);
    // The code block, not the raw text shown while the markdown renderer loads.
    await phonePage.locator('pre').getByText('def split_budget').waitFor();
    await animationsDone(phonePage);
    await phonePage.screenshot({ path: artifactPath('docs-chat-phone.png') });

    const phoneDark = await newContext(browser, { width: 390, height: 844, colorScheme: 'dark' });
    await phoneDark.addCookies(await context.cookies());
    const phoneDarkPage = await phoneDark.newPage();
    await phoneDarkPage.goto(url);
    await phoneDarkPage.locator('pre').getByText('def split_budget').waitFor();
    await animationsDone(phoneDarkPage);
    await phoneDarkPage.screenshot({ path: artifactPath('docs-chat-phone-dark.png') });

    const dark = await newContext(browser, { colorScheme: 'dark' });
    await dark.addCookies(await context.cookies());
    const darkPage = await dark.newPage();
    await darkPage.goto(url);
    // The reply at the bottom, where the chat opens (the first reply's table may be above what the list draws).
    await darkPage.locator('pre').getByText('def split_budget').waitFor();
    expect(await darkPage.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await animationsDone(darkPage);
    await darkPage.screenshot({ path: artifactPath('docs-chat-dark.png') });
    await Promise.all([context.close(), phone.close(), phoneDark.close(), dark.close()]);

    if (process.env.UPDATE_SCREENSHOTS === '1') {
      const docs = resolve(import.meta.dirname, '../../../docs/screenshots');
      mkdirSync(docs, { recursive: true });
      for (const name of SHOTS) copyFileSync(artifactPath(`docs-${name}`), join(docs, name));
    }
  });
});
