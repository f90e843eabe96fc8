import type { BrowserContext, Page } from 'playwright-core';
import { uniqueEmail } from './browser.test-helpers';

export const PASSWORD = 'correct horse battery';

/**
 * A new user, registered through the API inside the page so the browser holds the refresh cookie, on
 * `path` (default /c/new) once the signed-in shell is up.
 */
export async function signedInPage(
  context: BrowserContext,
  origin: string,
  options: { path?: string; name?: string; tag?: string } = {},
): Promise<{ page: Page; email: string }> {
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  const email = uniqueEmail(options.tag ?? 'user');
  const status = await page.evaluate(
    async ([email, password, name]) => {
      const res = await fetch('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, email, password, confirm_password: password }),
      });
      return res.status;
    },
    [email, PASSWORD, options.name ?? 'Grace Hopper'],
  );
  if (status !== 201) throw new Error(`registration answered ${status}`);
  await page.goto(`${origin}${options.path ?? '/c/new'}`);
  await page.locator('main').waitFor();
  return { page, email };
}

/** Calls the API from inside the page with the page's session (a fresh access token via refresh). */
export async function apiFromPage<T>(
  page: Page,
  path: string,
  init: { method?: string; json?: unknown } = {},
) {
  return page.evaluate(
    async ([path, method, body]) => {
      const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
      const { token } = (await refresh.json()) as { token: string };
      const res = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as unknown };
    },
    [path, init.method ?? 'GET', init.json] as const,
  ) as Promise<{ status: number; body: T }>;
}
