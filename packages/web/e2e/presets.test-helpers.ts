import { expect, inject } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { artifactPath } from './browser.test-helpers';
import { askFromPage, conversationIdIn } from './conversations.test-helpers';
import { signedInPage } from './session.test-helpers';

// Helpers shared by the specs of this area.

const baseUrl = inject('baseUrl');

export async function open(context: BrowserContext): Promise<Page> {
  const { page } = await signedInPage(context, baseUrl, { tag: 'presets' });
  // Fail at the stuck step, with its locator, rather than at the test's timeout.
  page.setDefaultTimeout(10_000);
  await expect.poll(() => trigger(page).textContent()).toContain('OpenAI');
  return page;
}

export const trigger = (page: Page) => page.getByRole('button', { name: 'Select a model' });
export const slider = (page: Page, name: string) => page.getByRole('slider', { name, exact: true });
export const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as Record<string, unknown>, key);

/** Picks an endpoint's model through the picker's submenu. */
export async function pick(page: Page, endpoint: string, model: string, shot?: string) {
  await trigger(page).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${endpoint}`) }).click();
  const item = page.getByRole('menuitemradio', { name: model, exact: true });
  await item.waitFor();
  if (shot) await page.screenshot({ path: artifactPath(shot) });
  await item.click();
  // By test id: a key dialog opening on top hides the trigger from the accessibility tree.
  await expect
    .poll(() => page.getByTestId('endpoint-menu').textContent())
    .toContain(`${endpoint} · ${model}`);
}

export async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  await page.getByRole('dialog', { name: 'Conversation settings' }).waitFor();
}

export async function closeOverlay(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

export async function openPresets(page: Page) {
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  await page.getByRole('dialog', { name: 'Presets' }).waitFor();
}

export const rows = (page: Page) => page.getByTestId('preset-row');

/** A saved OpenAI conversation, made through the real ask call (the simulator replies). */
export async function savedConversation(page: Page): Promise<string> {
  const events = await askFromPage(page, '[[sim {"reply":"Hello there"}]]');
  const id = events.includes('"final":true') ? conversationIdIn(events) : undefined;
  if (!id) throw new Error('the conversation was not created');
  return id;
}
