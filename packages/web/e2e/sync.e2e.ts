import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshPostgresSchema, startServer, type ServerProcess } from '@parley/server/testing';
import { launchBrowser, newContext } from './browser.test-helpers';
import { poll, sim, URL_ID } from './chat.test-helpers';
import { e2eServerEnv } from './global-setup';
import { signedInPage } from './session.test-helpers';

// Following a reply from another window (docs/reference/chat.md (Following a reply from another window)): page B shows
// a conversation, page A (same user) sends in it; B shows the question and the reply growing, then the final text,
// without a reload. Once on the shared server (one instance, SQLite), once with A and B on two servers over
// PostgreSQL and Redis. The reply is long and slow and A stops it, so B is seen mid-reply whatever the machine's pace.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

const box = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
const articles = (page: Page) => page.locator('[role="log"] article');
const stopButton = (page: Page) => page.getByRole('button', { name: 'Stop generating' });
const lastText = (page: Page) => articles(page).last().innerText();

async function sendText(page: Page, text: string) {
  await poll(() => box(page).isEnabled()).toBe(true);
  await box(page).fill(text);
  await poll(() => page.getByRole('button', { name: 'Send message' }).isEnabled()).toBe(true);
  await box(page).press('Enter');
}

/** A (on `originA`) starts a conversation; B (on `originB`, same browser session) opens it. */
async function twoWindows(context: BrowserContext, originA: string, originB: string) {
  const { page: a } = await signedInPage(context, originA, { tag: 'sync' });
  await sendText(a, `First ${sim({ reply: 'First answer.' })}`);
  await a.waitForURL(URL_ID);
  await poll(() => stopButton(a).count(), 15_000).toBe(0);
  const conversationId = URL_ID.exec(a.url())![1]!;
  const b = await context.newPage();
  // The feed answers once its server listens: from then on B cannot miss the reply A starts.
  const feedOpen = b.waitForResponse((r) => new URL(r.url()).pathname === '/api/ask/sync', {
    timeout: 15_000,
  });
  await b.goto(`${originB}/c/${conversationId}`);
  expect((await feedOpen).status()).toBe(200);
  await poll(() => lastText(b), 15_000).toContain('First answer.');
  // Set once: still there at the end means B was never reloaded.
  await b.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));
  return { a, b };
}

async function followsLive(a: Page, b: Page) {
  await sendText(a, `Second question ${sim({ tokens: 2000, rate: 10 })}`);
  // B shows the question, then the reply growing: a first part, then more of it.
  await poll(() => articles(b).nth(2).innerText(), 15_000).toContain('Second question');
  await poll(() => lastText(b), 15_000).toContain('tok2 ');
  await poll(() => lastText(b), 15_000).toContain('tok4 ');
  // A stops it; B ends with the saved (stopped) reply, the same text A shows.
  await stopButton(a).click();
  await poll(() => stopButton(a).count(), 15_000).toBe(0);
  await poll(() => stopButton(b).count(), 15_000).toBe(0);
  // A settles in two steps (its own stream cut, then the stop's answer marks the reply stopped): read it settled.
  await poll(() => lastText(a), 15_000).toContain('Stopped');
  const final = await lastText(a);
  expect(final).toContain('tok4 ');
  await poll(() => lastText(b)).toBe(final);
  expect(await b.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('kept');
  // The list of B names the conversation once.
  expect(await articles(b).count()).toBe(4);
}

describe('a reply followed from another window', () => {
  it('on one server: B follows the reply A sends, live, to its final text', async () => {
    const context = await newContext(browser);
    const origin = inject('baseUrl');
    const { a, b } = await twoWindows(context, origin, origin);
    await followsLive(a, b);
    await context.close();
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

// Two instances share a PostgreSQL schema and a Redis; CI sets both URLs.
describe.skipIf(!pgUrl || !redisUrl)(
  'a reply followed from a window on another server (needs TEST_DATABASE_URL and TEST_REDIS_URL)',
  () => {
    let one: ServerProcess;
    let two: ServerProcess;
    let schema: Awaited<ReturnType<typeof freshPostgresSchema>>;
    beforeAll(async () => {
      schema = await freshPostgresSchema(pgUrl!);
      const env = {
        ...e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-sync-'))),
        DATABASE_URL: schema.url,
        REDIS_URL: redisUrl!,
        // Both sign and accept the same tokens, and read the same stored keys.
        JWT_SECRET: randomBytes(32).toString('hex'),
        JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
        CREDS_KEY: randomBytes(32).toString('hex'),
        CREDS_IV: randomBytes(16).toString('hex'),
      };
      // One after the other: the first applies the migrations.
      one = await startServer(env);
      two = await startServer(env);
    }, 90_000);
    afterAll(async () => {
      await Promise.all([one?.stop(), two?.stop()]);
      await schema?.drop();
    });

    it('B on the second server follows the reply A sends on the first, live, to its final text', async () => {
      const context = await newContext(browser);
      // The refresh cookie is the host's (both servers are 127.0.0.1), so B is signed in as A's user.
      const { a, b } = await twoWindows(context, one.baseUrl, two.baseUrl);
      await followsLive(a, b);
      await context.close();
    });
  },
);
