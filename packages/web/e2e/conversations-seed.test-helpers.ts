import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from './browser.test-helpers';
import { seed, titlesFromApi } from './conversations.test-helpers';
import { PASSWORD, signedInPage } from './session.test-helpers';

// The seeded account shared by conversations.e2e.ts and conversation-search.e2e.ts: sixty numbered chats, one
// English and one Chinese reply to search for. Each spec file seeds its own account, so neither depends on what the
// other deleted or renamed.

export const SEEDED = Array.from({ length: 60 }, (_, i) => `Seed chat ${String(i + 1).padStart(2, '0')}`);
export const UNICORN = 'The unicorn galloped across the meadow';
export const CHINESE = '今天天气很好适合散步';
export const TOTAL = SEEDED.length + 2;

export interface SeededAccount {
  browser: Browser;
  context: BrowserContext;
  email: string;
  /** conversationId by title, for the seeded conversations. */
  ids: Map<string, string>;
  /** A new page in `ctx` (the shared context by default), signed in as the seeded user, opened at `path`. */
  signIn: (ctx?: BrowserContext, path?: string) => Promise<Page>;
  close: () => Promise<void>;
}

export async function seededAccount(baseUrl: string, tag: string): Promise<SeededAccount> {
  const browser = await launchBrowser();
  const context = await newContext(browser);
  const signed = await signedInPage(context, baseUrl, { tag });
  const replies = [...SEEDED, UNICORN, CHINESE];
  const created = await seed(signed.page, replies);
  const ids = new Map<string, string>();
  replies.forEach((reply, i) => ids.set(reply, created[i]!));
  expect(created.filter(Boolean)).toHaveLength(TOTAL);
  // Titles are written in the background after each first reply; wait until all are in.
  const deadline = Date.now() + 30_000;
  while ((await titlesFromApi(signed.page)).includes('New Chat') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
  }
  expect(new Set(await titlesFromApi(signed.page))).toEqual(new Set(replies));
  await signed.page.close();

  const signIn = async (ctx: BrowserContext = context, path = '/c/new'): Promise<Page> => {
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/login`);
    const status = await page.evaluate(
      async ([email, password]) =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password }),
          })
        ).status,
      [signed.email, PASSWORD] as const,
    );
    expect(status).toBe(200);
    await page.goto(`${baseUrl}${path}`);
    await page.locator('main').waitFor();
    return page;
  };
  const close = async () => {
    await context.close();
    await browser.close();
  };
  return { browser, context, email: signed.email, ids, signIn, close };
}
