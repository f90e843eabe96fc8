import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { poll } from './chat.test-helpers';
import { e2eServerEnv } from './global-setup';
import { PASSWORD, signedInPage } from './session.test-helpers';
import { startServer, type ServerProcess } from '@parley/server/testing';

// A real ban, end to end (docs/reference/accounts.md (Bans)): a server with a one-message limit and a ban at three
// points. The browser sends until the limit refuses it three times; the next call meets the ban, the web signs the
// user out, and signing in again shows the ban message. Nothing here fakes a server answer.

let browser: Browser;
let server: ServerProcess;
beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({
    ...e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-bans-'))),
    LIMIT_MESSAGE_USER: 'true',
    MESSAGE_USER_MAX: '1',
    MESSAGE_USER_WINDOW: '60',
    LIMIT_MESSAGE_IP: 'false',
    BAN_VIOLATIONS: 'true',
    BAN_INTERVAL: '3',
    BAN_DURATION: '600000',
    MESSAGE_VIOLATION_SCORE: '1',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('bans', () => {
  it('message-limit refusals ban the account: the web signs the user out and sign-in shows the ban', async () => {
    const context = await newContext(browser);
    const { page, email } = await signedInPage(context, server.baseUrl, { tag: 'banned' });
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    const sendText = async (text: string) => {
      await poll(() => box.isEnabled()).toBe(true);
      await box.fill(text);
      await poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
      await box.press('Enter');
      await poll(() => page.getByRole('button', { name: 'Stop generating' }).count(), 15_000).toBe(0);
    };

    await sendText('First message');
    const refusal = page.getByText(
      'You hit the message limit. You have a cap of 1 message(s) per 60 minutes.',
    );
    // Three refusals, each shown as the limit's message; a send after an error replaces the refused question, so the
    // second and third are its siblings (n / n). The third reaches the ban threshold.
    for (let n = 1; n <= 3; n += 1) {
      await sendText(`Over the limit ${n}`);
      if (n > 1) await page.getByText(`${n} / ${n}`, { exact: true }).waitFor();
      await poll(() => refusal.count()).toBe(1);
    }
    expect(page.url()).toMatch(/\/c\/[0-9a-f-]{36}$/);
    await page.screenshot({ path: artifactPath('bans-refused.png') });

    // The next send meets the ban: no error bubble, the user is signed out to the login page.
    await box.fill('Still there?');
    await box.press('Enter');
    await page.waitForURL(/\/login/, { timeout: 15_000 });

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('alert')
      .getByText('Your account has been temporarily banned due to violations of our service.')
      .waitFor();
    expect(page.url()).toContain('/login');
    await page.screenshot({ path: artifactPath('bans-login.png') });
    await context.close();
  });
});
