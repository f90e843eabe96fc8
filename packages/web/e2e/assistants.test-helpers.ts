import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { e2eServerEnv } from './global-setup';

// Helpers of the assistants specs: a server with the assistants endpoint, and the builder in the side panel.

/**
 * The shared e2e server's settings with `endpoints.assistants` in its YAML file: the builder's models are OpenAI's
 * gpt-4 and gpt-3.5-turbo (both call tools), `extra` adds lines to the block (`disableBuilder: true`).
 */
export function assistantsServerEnv(simUrl: string, extra: string[] = []): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-e2e-assistants-'));
  const env = e2eServerEnv(simUrl, dir);
  writeFileSync(
    env.CONFIG_PATH!,
    [
      'version: 1.0.3',
      'endpoints:',
      '  assistants:',
      '    models:',
      '      default: ["gpt-4", "gpt-3.5-turbo"]',
      ...extra.map((line) => `    ${line}`),
      '',
    ].join('\n'),
  );
  return env;
}

/** Opens the side panel on the Assistant Builder and waits for its form. */
export async function openBuilder(page: Page) {
  // The strip's button (or the open panel's tab) for the builder, whatever the language.
  await page.locator('button[data-panel-id="assistants"]').click();
  const panel = page.getByTestId('assistant-panel');
  await panel.getByTestId('assistant-name').waitFor();
  return panel;
}

/** A DELETE from inside the page with its session, with no body (the API refuses an empty JSON one); the status. */
export function deleteFromPage(page: Page, path: string): Promise<number> {
  return page.evaluate(async (path) => {
    const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    const { token } = (await refresh.json()) as { token: string };
    const res = await fetch(path, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    return res.status;
  }, path);
}
