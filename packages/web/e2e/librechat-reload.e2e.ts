import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { launchBrowser, newContext, uniqueEmail } from './browser.test-helpers';
import { sim } from './chat.test-helpers';
import { NIL } from './conversations.test-helpers';
import { e2eServerEnv } from './global-setup';
import { startFront, type Front } from './librechat-front.test-helpers';
import { PASSWORD } from './session.test-helpers';

// LibreChat v0.6.10's web client served from its own origin in front of Parley (DOMAIN_CLIENT names that origin):
// a full page load of /c/{id} sends the endpoint list before its token refresh, then shows the conversation and
// its presets (docs/reference/librechat-clients.md (A page load)). The page is in librechat-front.test-helpers.ts.

let browser: Browser;
let front: Front;
let server: ServerProcess;
beforeAll(async () => {
  front = await startFront();
  const env = e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-lcreload-')));
  server = await startServer({ ...env, DOMAIN_CLIENT: front.origin });
  front.target = new URL(server.baseUrl);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await front?.close();
});

interface Call {
  call: string;
  status: number;
  token: boolean;
}

/** A user with one exchanged turn, made straight against Parley (no browser): answers the conversation's id. */
async function userWithConversation(email: string): Promise<string> {
  const registered = await fetch(`${server.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Ada', email, password: PASSWORD, confirm_password: PASSWORD }),
  });
  expect(registered.status).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const sent = await fetch(`${server.baseUrl}/api/ask/openAI`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-parley-stream': 'deltas',
    },
    body: JSON.stringify({
      text: `Which planet is red? ${sim({ reply: 'Mars is the red one.' })}`,
      parentMessageId: NIL,
      conversationId: null,
      model: 'gpt-3.5-turbo',
      endpoint: 'openAI',
    }),
  });
  const stream = await sent.text();
  expect(stream).toContain('"final":true');
  return /"conversationId":"([^"]+)"/.exec(stream)![1]!;
}

/** Signs in on the front origin, as LibreChat's login form does: the refresh cookie lands in the browser. */
async function signInOnFront(page: Page, email: string) {
  await page.goto(`${front.origin}/login`);
  const status = await page.evaluate(
    async ([email, password]) =>
      (
        await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          credentials: 'include',
          body: JSON.stringify({ email, password }),
        })
      ).status,
    [email, PASSWORD] as const,
  );
  expect(status).toBe(200);
}

const state = (page: Page) => page.locator('main').getAttribute('data-state');
const calls = (page: Page) => page.evaluate(() => (window as unknown as { __calls: Call[] }).__calls);
const texts = (page: Page, selector: string) => page.locator(selector).allTextContents();

describe("LibreChat's client reloading /c/{id} from its own origin", () => {
  it('shows the conversation after a full page load, and lists and saves presets', async () => {
    const email = uniqueEmail('lcreload');
    const conversationId = await userWithConversation(email);
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInOnFront(page, email);

    await page.goto(`${front.origin}/c/${conversationId}`);
    await expect.poll(() => state(page)).toBe('chat');
    expect(await texts(page, '#messages li')).toEqual([
      expect.stringContaining('Which planet is red?'),
      'Mars is the red one.',
    ]);

    // The order the client sends them in: the override and the endpoint list without a token, beside the refresh;
    // nothing refused.
    const made = await calls(page);
    expect(made.slice(0, 4).map((c) => c.call)).toEqual([
      'GET /api/config',
      'GET /api/endpoints/config/override',
      'GET /api/endpoints',
      'POST /api/auth/refresh',
    ]);
    for (const early of ['GET /api/endpoints', 'GET /api/endpoints/config/override']) {
      expect(made.find((c) => c.call === early)).toEqual({ call: early, status: 200, token: false });
    }
    expect(made.filter((c) => c.status >= 400)).toEqual([]);
    expect(made.filter((c) => c.call === 'POST /api/auth/refresh')).toHaveLength(1);

    // Presets: the list (empty), a save from the shown conversation, and the list again after another full load.
    expect(await texts(page, '#preset-list li')).toEqual([]);
    await page.getByRole('button', { name: 'Save as preset' }).click();
    await expect.poll(() => texts(page, '#preset-list li')).toEqual(['After a reload']);
    await page.reload();
    await expect.poll(() => state(page)).toBe('chat');
    expect(await texts(page, '#preset-list li')).toEqual(['After a reload']);
    expect((await calls(page)).filter((c) => c.status >= 400)).toEqual([]);
    await context.close();
  });

  it('sends a tab without a session to /login; its endpoint list is still answered', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const endpoints = page.waitForResponse((res) => res.url().endsWith('/api/endpoints'));
    await page.goto(`${front.origin}/c/some-conversation`);
    expect((await endpoints).status()).toBe(200);
    await page.waitForURL(`${front.origin}/login`);
    await context.close();
  });
});
