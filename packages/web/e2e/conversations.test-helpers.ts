import { expect } from 'vitest';
import type { Page, Route } from 'playwright-core';

// Helpers of the conversation specs (conversations.e2e.ts, conversation-search.e2e.ts): seeding through the real API, the sidebar's locators, and dates spread over
// every group (the server only ever writes "now").

export const NIL = '00000000-0000-0000-0000-000000000000';
export const PAGE_SIZE = 25;

/**
 * Starts one conversation per reply through the real ask call, two at a time (the per-user concurrency cap);
 * the simulator answers with the scripted reply, which the title model then repeats as the title.
 */
export async function seed(page: Page, replies: string[]): Promise<string[]> {
  return page.evaluate(
    async ([replies, nil]) => {
      const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      const { token } = (await refresh.json()) as { token: string };
      const out: string[] = [];
      let next = 0;
      const worker = async () => {
        while (next < replies.length) {
          const i = next++;
          for (let attempt = 0; attempt < 20 && !out[i]; attempt += 1) {
            const res = await fetch('/api/ask/openAI', {
              method: 'POST',
              headers: {
                authorization: `Bearer ${token}`,
                'content-type': 'application/json',
                'x-parley-stream': 'deltas',
              },
              body: JSON.stringify({
                text: `[[sim ${JSON.stringify({ reply: replies[i] })}]]`,
                parentMessageId: nil,
                conversationId: null,
                model: 'gpt-3.5-turbo',
                endpoint: 'openAI',
              }),
            });
            const body = await res.text();
            const id = /"conversationId":"([^"]+)"/.exec(body)?.[1];
            if (res.ok && id && body.includes('"final":true')) out[i] = id;
            else await new Promise((r) => setTimeout(r, 150));
          }
        }
      };
      await Promise.all([worker(), worker()]);
      return out;
    },
    [replies, NIL] as const,
  );
}

/**
 * Sends `text` to the OpenAI endpoint (the simulator) from the page, with the page's session, as a new
 * conversation; answers the reply's event stream as text.
 */
export function askFromPage(page: Page, text: string): Promise<string> {
  return page.evaluate(
    async ([text, nil]) => {
      const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      const { token } = (await refresh.json()) as { token: string };
      const res = await fetch('/api/ask/openAI', {
        method: 'POST',
        // As Parley's web app asks: delta frames.
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-parley-stream': 'deltas',
        },
        body: JSON.stringify({ text, parentMessageId: nil, conversationId: null, model: 'gpt-3.5-turbo' }),
      });
      return res.text();
    },
    [text, NIL] as const,
  );
}

/** The conversation id an ask's event stream names (its `created` event names it first). */
export const conversationIdIn = (events: string): string | undefined =>
  /"conversationId":"([^"]+)"/.exec(events)?.[1];

/** Every conversation title of the user, read through the list API (waits for background titles). */
export async function titlesFromApi(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    const { token } = (await refresh.json()) as { token: string };
    const titles: string[] = [];
    for (let n = 1; ; n += 1) {
      const res = await fetch(`/api/convos?pageNumber=${n}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const page = (await res.json()) as { conversations: { title: string }[]; pages: number };
      titles.push(...page.conversations.map((c) => c.title));
      if (n >= page.pages) return titles;
    }
  });
}

export const nav = (page: Page) => page.getByTestId('nav');
export const items = (page: Page) => nav(page).getByTestId('conversation-item');
export const item = (page: Page, title: string) =>
  nav(page).getByRole('listitem', { name: title, exact: true });
export const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search messages' });

/** Scrolls the sidebar list to its end until `count` chats are listed. */
export async function scrollToAll(page: Page, count: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.getByTestId('conversation-list').evaluate((el) => {
          el.scrollTop = el.scrollHeight;
        });
        return items(page).count();
      },
      { timeout: 15_000, interval: 400 },
    )
    .toBe(count);
}

export const DAY = 24 * 60 * 60 * 1000;
export const now = new Date();
export const monthDate = new Date(now.getFullYear(), 0, 10, 12);
// A month heading needs a date this year and more than 30 days back; early in January there is none.
export const hasMonth = now.getTime() - monthDate.getTime() > 32 * DAY;

/** The date the list shows for the n-th conversation (page order) in the date-group tests. */
export function fakeUpdatedAt(position: number): string {
  const at = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
  if (position < 8) return at(0);
  if (position < 16) {
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, 12);
    return d.toISOString();
  }
  if (position < 26) return at(4);
  if (position < 38) return at(15);
  if (position < 50 && hasMonth) return monthDate.toISOString();
  return new Date(now.getFullYear() - 1, 5, 1, 12).toISOString();
}

export const EXPECTED_GROUPS = [
  'Today',
  'Yesterday',
  'Previous 7 days',
  'Previous 30 days',
  ...(hasMonth ? ['January'] : []),
  String(now.getFullYear() - 1),
];

/** Rewrites the list's dates so every group shows (the server only ever writes "now"). */
export async function spreadDates(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/convos',
    async (route: Route) => {
      const res = await route.fetch();
      const json = (await res.json()) as { pageNumber: number; conversations: { updatedAt: string }[] };
      json.conversations = json.conversations.map((c, i) => ({
        ...c,
        updatedAt: fakeUpdatedAt((json.pageNumber - 1) * PAGE_SIZE + i),
      }));
      await route.fulfill({ response: res, json });
    },
  );
}

export const groupHeadings = (page: Page) => nav(page).getByRole('heading', { level: 3 }).allTextContents();
