import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ARTIFACTS = resolve(import.meta.dirname, '../../../e2e-artifacts');

/** Debian's Chromium, headless, with the network-quiet flags this machine needs. */
/** Chromium as every spec runs it; `extraArgs` for the rare spec that needs a switch more (a host mapping). */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export async function newContext(
  browser: Browser,
  options: { locale?: string; width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
}

export function artifactPath(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return join(ARTIFACTS, name);
}

/** A unique address per run so specs never collide on the shared server. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/**
 * Lets the page run the tasks already queued, such as React's effects after a render that is on screen: a
 * round trip through a MessageChannel, which works whatever the page's clock (Playwright's `page.clock`) says.
 */
export async function pageTasksDone(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

/** Waits until the page's fonts are in and its finite CSS animations and transitions have ended (screenshots). */
export async function animationsDone(page: Page, timeout = 5_000): Promise<void> {
  // Bounded, unlike page.evaluate itself: a font that never finishes loading fails here, by name, instead of the
  // whole test timing out with no sign of where it stopped.
  const loading = await page.evaluate(
    (ms) =>
      Promise.race([
        document.fonts.ready.then(() => []),
        new Promise<string[]>((done) =>
          setTimeout(
            () => done([...document.fonts].filter((f) => f.status === 'loading').map((f) => f.family)),
            ms,
          ),
        ),
      ]),
    timeout,
  );
  if (loading.length > 0) throw new Error(`fonts still loading after ${timeout} ms: ${loading.join(', ')}`);
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout },
  );
}

/** A toast of that severity with that text; not the screen reader's copy of it, which Radix keeps for a moment. */
export const toast = (page: Page, severity: 'success' | 'error', text: string | RegExp) =>
  page.locator(`[data-severity="${severity}"]`, { hasText: text });

/** Connections a signed-in page keeps open for good (its reply feed): never "idle", so not waited for. */
const LONG_LIVED = new Set(['/api/ask/sync']);

/**
 * Playwright's `networkidle` for a signed-in page, which always holds its reply feed open
 * (docs/reference/chat.md (Following a reply from another window)): call before the navigation; `idle()` resolves once
 * no other request has been in flight for `quietMs`.
 */
export function trackRequests(page: Page, quietMs = 500) {
  const inFlight = new Set<unknown>();
  let lastChange = Date.now();
  const counts = (url: string) => !LONG_LIVED.has(new URL(url).pathname);
  page.on('request', (r) => {
    if (!counts(r.url())) return;
    inFlight.add(r);
    lastChange = Date.now();
  });
  const done = (r: { url(): string }) => {
    if (inFlight.delete(r)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async idle(timeout = 30_000): Promise<void> {
      const end = Date.now() + timeout;
      while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > end)
          throw new Error(`${inFlight.size} requests still in flight after ${timeout} ms`);
        await page.waitForTimeout(50);
      }
    },
  };
}

/**
 * Answers the pages' `GET /api/config` with the server's own answer plus `changes`. A request whose page moved on
 * before the answer came back is let go (its response is gone, and nothing reads it).
 */
export async function routeStartupConfig(
  target: BrowserContext | Page,
  changes: Record<string, unknown>,
): Promise<void> {
  await target.route(
    (url) => url.pathname === '/api/config',
    async (route) => {
      try {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), ...changes } });
      } catch {
        await route.abort().catch(() => undefined);
      }
    },
  );
}

/**
 * Clicks `button` until `done` holds. On a busy machine a list can still move as Playwright scrolls the button into
 * view and clicks: the click then lands beside it and nothing happens. A click that lands does its work at once, so a
 * second one is only made when `done` still fails after the first; a button that never works still fails the test.
 */
export async function clickUntil(
  button: Locator,
  done: () => Promise<boolean>,
  timeout = 15_000,
): Promise<void> {
  let clicks = 0;
  await vi.waitFor(
    async () => {
      if (clicks === 0 || !(await done())) {
        clicks += 1;
        await button.click({ timeout: 5_000 });
      }
      expect(await done()).toBe(true);
    },
    { timeout, interval: 1_000 },
  );
}

/** Opens a disclosure (a reply's step) by clicking its button until it says it is open (see `clickUntil`). */
export async function openDisclosure(button: Locator, timeout = 15_000): Promise<void> {
  await clickUntil(button, async () => (await button.getAttribute('aria-expanded')) === 'true', timeout);
}
