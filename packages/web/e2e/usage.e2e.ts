import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { animationsDone, artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { signedInPage } from './session.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';

// docs/reference/commerce.md (Usage): a server that keeps a balance; the settings dialog's Usage tab lists the
// user's charged calls by day and model, naming the class each model's calls were charged in
// (docs/reference/balance.md (Model classes)), and says so when there are none.

let browser: Browser;
let server: ServerProcess;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({
    ...e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-usage-'))),
    CHECK_BALANCE: 'true',
    OPENAI_MODELS: 'gpt-3.5-turbo,gpt-4,gpt-4o,gpt-4o-mini',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const NIL = '00000000-0000-0000-0000-000000000000';

/** One chat call from the page's session; answers the status once the stream has ended. */
async function ask(page: Page, text: string, model: string): Promise<number> {
  return page.evaluate(
    async ([text, model, nil]) => {
      const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      const { token } = (await refresh.json()) as { token: string };
      const res = await fetch('/api/ask/openAI', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text, model, parentMessageId: nil, conversationId: null }),
      });
      await res.text();
      return res.status;
    },
    [text, model, NIL],
  );
}

async function openUsage(page: Page, labels: { settings: string; usage: string }) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: labels.settings }).click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByRole('tab', { name: labels.usage }).click();
  return dialog;
}

describe('usage tab', () => {
  it('shows the empty state, then one row per model and its class after calls, in en-US and zh-CN, on a phone too', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'usage' });
    let dialog = await openUsage(page, { settings: 'Settings', usage: 'Usage' });
    await dialog.getByTestId('usage-empty').waitFor();
    expect(await dialog.getByTestId('usage-empty').textContent()).toBe(
      'No charged calls in the last 30 days.',
    );
    await page.screenshot({ path: artifactPath('usage-empty-en-US.png') });
    await page.keyboard.press('Escape');

    for (const model of ['gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o']) {
      expect(await ask(page, 'Hello there', model)).toBe(200);
    }
    dialog = await openUsage(page, { settings: 'Settings', usage: 'Usage' });
    const table = dialog.getByTestId('usage-table');
    await table.waitFor();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    // gpt-4o spent one of the gift's GPT-4 uses; gpt-4o-mini, a small model, two of its GPT-3.5 uses.
    expect(await rows.nth(0).locator('td').nth(1).textContent()).toBe('gpt-4oGPT-4 class');
    expect(await rows.nth(0).getByTestId('usage-class').textContent()).toBe('GPT-4 class');
    expect(await rows.nth(0).locator('td').nth(4).textContent()).toBe('0.00free uses: 1');
    expect(await rows.nth(1).locator('td').nth(1).textContent()).toBe('gpt-4o-miniGPT-3.5 class');
    expect(await rows.nth(1).locator('td').nth(2).textContent()).toBe('2');
    expect(await rows.nth(1).locator('td').nth(4).textContent()).toBe('0.00free uses: 2');
    await page.screenshot({ path: artifactPath('usage-table-en-US.png') });
    await animationsDone(page);
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="settings-dialog"]')
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: artifactPath('usage-table-phone-en-US.png') });
    // The table fits the phone's width or scrolls inside the dialog, never the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();

    const zh = await newContext(browser, { locale: 'zh-CN' });
    const { page: zhPage } = await signedInPage(zh, server.baseUrl, { tag: 'usage-zh' });
    expect(await ask(zhPage, '你好', 'gpt-4')).toBe(200);
    const zhDialog = await openUsage(zhPage, { settings: '设置', usage: '用量' });
    await zhDialog.getByTestId('usage-table').waitFor();
    expect(await zhDialog.getByTestId('usage-class').allTextContents()).toEqual(['GPT-4 类']);
    expect(await zhDialog.getByRole('columnheader').allTextContents()).toEqual([
      '日期',
      '模型',
      '次数',
      'Token 数',
      '积分',
    ]);
    await zhPage.screenshot({ path: artifactPath('usage-table-zh-CN.png') });
    await zhPage.setViewportSize({ width: 390, height: 844 });
    await zhPage.screenshot({ path: artifactPath('usage-table-phone-zh-CN.png') });
    await zh.close();
  }, 90_000);
});
