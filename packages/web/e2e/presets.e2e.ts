import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { artifactPath, launchBrowser, newContext } from './browser';
import { apiFromPage, signedInPage } from './session';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

async function open(context: BrowserContext): Promise<Page> {
  const { page } = await signedInPage(context, baseUrl, { tag: 'presets' });
  // Fail at the stuck step, with its locator, rather than at the test's timeout.
  page.setDefaultTimeout(10_000);
  await expect.poll(() => trigger(page).textContent()).toContain('OpenAI');
  return page;
}

const trigger = (page: Page) => page.getByRole('button', { name: 'Select a model' });
const slider = (page: Page, name: string) => page.getByRole('slider', { name, exact: true });
const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as Record<string, unknown>, key);

/** Picks an endpoint's model through the picker's submenu. */
async function pick(page: Page, endpoint: string, model: string, shot?: string) {
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

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Conversation settings' }).click();
  await page.getByRole('dialog', { name: 'Conversation settings' }).waitFor();
}

async function closeOverlay(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

async function openPresets(page: Page) {
  await page.getByRole('button', { name: 'Presets', exact: true }).click();
  await page.getByRole('dialog', { name: 'Presets' }).waitFor();
}

const rows = (page: Page) => page.getByTestId('preset-row');

/** A saved OpenAI conversation, made through the real ask call (the simulator replies). */
async function savedConversation(page: Page): Promise<string> {
  const id = await page.evaluate(async () => {
    const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    const { token } = (await refresh.json()) as { token: string };
    const res = await fetch('/api/ask/openAI', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        text: '[[sim {"reply":"Hello there"}]]',
        parentMessageId: '00000000-0000-0000-0000-000000000000',
        conversationId: null,
        model: 'gpt-3.5-turbo',
        endpoint: 'openAI',
        temperature: 0.7,
      }),
    });
    const body = await res.text();
    return body.includes('"final":true') ? /"conversationId":"([^"]+)"/.exec(body)?.[1] : undefined;
  });
  if (!id) throw new Error('the conversation was not created');
  return id;
}

describe('endpoint picker and new-chat memory', () => {
  it('remembers the picked endpoint and model for the next new chat, also after a reload', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    await pick(page, 'Google', 'chat-bison', 'endpoints-picker-open.png');
    expect(await stored(page, 'lastSelectedModel')).toMatchObject({ google: 'chat-bison' });
    expect(await stored(page, 'lastConversationSetup')).toMatchObject({
      endpoint: 'google',
      model: 'chat-bison',
      temperature: 0.2,
      topK: 40,
    });
    await page.reload();
    await expect.poll(() => trigger(page).textContent()).toContain('Google · chat-bison');

    // The model is remembered per endpoint; the menu marks the current one.
    await pick(page, 'OpenAI', 'gpt-4');
    await pick(page, 'Google', 'gemini-pro');
    await trigger(page).click();
    await page.getByRole('menuitem', { name: /^Google/ }).click();
    expect(await page.getByRole('menuitemradio', { checked: true }).textContent()).toBe('gemini-pro');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    expect(await stored(page, 'lastSelectedModel')).toMatchObject({ openAI: 'gpt-4', google: 'gemini-pro' });
    await context.close();
  });

  it('is keyboard-usable: arrows move through endpoints, ArrowRight opens the models', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await trigger(page).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').first().waitFor();
    // Opening by keyboard focuses the first endpoint (OpenAI); one down is Plugins. Each key waits for the
    // focus it moves, so a busy machine cannot make the next key land early.
    await expect.poll(focused).toContain('OpenAI');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toContain('Plugins');
    await page.keyboard.press('ArrowRight');
    const submenu = page.getByRole('menu').nth(1);
    await submenu.waitFor();
    await expect.poll(focused).toContain('gpt-3.5-turbo');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toContain('gpt-4');
    await page.keyboard.press('Enter');
    // Plugins with its second model.
    await expect.poll(() => trigger(page).textContent()).toContain('Plugins · gpt-4');
    await context.close();
  });
});

describe('switching rules in a saved conversation (spec 1 §4)', () => {
  it('starts a new chat for another endpoint or preset, unless modular chat is on', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    const id = await savedConversation(page);
    for (const preset of [
      { title: 'Same', endpoint: 'openAI', model: 'gpt-4', temperature: 0.4 },
      { title: 'Other', endpoint: 'google', model: 'chat-bison' },
    ]) {
      expect((await apiFromPage(page, '/api/presets', { method: 'POST', json: { preset } })).status).toBe(
        201,
      );
    }
    await page.goto(`${baseUrl}/c/${id}`);
    await expect.poll(() => trigger(page).textContent()).toContain('OpenAI · gpt-3.5-turbo');

    // A preset of the same endpoint converts the conversation in place.
    await openPresets(page);
    await rows(page).filter({ hasText: 'Same' }).getByRole('button', { name: /Same/ }).click();
    await expect.poll(() => trigger(page).textContent()).toContain('OpenAI · gpt-4');
    expect(new URL(page.url()).pathname).toBe(`/c/${id}`);

    // Another endpoint's preset starts a new conversation with it.
    await openPresets(page);
    await rows(page).filter({ hasText: 'Other' }).getByRole('button', { name: /Other/ }).click();
    await page.waitForURL(/\/c\/new$/);
    await expect.poll(() => trigger(page).textContent()).toContain('Google · chat-bison');

    // So does another endpoint from the picker, with its defaults.
    await page.goto(`${baseUrl}/c/${id}`);
    await expect.poll(() => trigger(page).textContent()).toContain('OpenAI · gpt-3.5-turbo');
    await pick(page, 'Anthropic', 'claude-2');
    await page.waitForURL(/\/c\/new$/);
    await closeOverlay(page); // the key dialog: no Anthropic key is stored
    expect(await stored(page, 'lastConversationSetup')).toMatchObject({ endpoint: 'anthropic', topK: 5 });

    // With modular chat on, the endpoint changes in place and the messages stay.
    await page.evaluate(() => localStorage.setItem('modularChat', 'true'));
    await page.goto(`${baseUrl}/c/${id}`);
    await expect.poll(() => trigger(page).textContent()).toContain('OpenAI · gpt-3.5-turbo');
    await pick(page, 'Google', 'gemini-pro');
    await new Promise((r) => setTimeout(r, 300));
    expect(new URL(page.url()).pathname).toBe(`/c/${id}`);
    await context.close();
  });
});

describe('conversation settings popover', () => {
  it('edits sliders through the box, resets one on double-click and all with the button', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    await openSettings(page);
    const temperature = slider(page, 'Temperature');
    expect(await temperature.getAttribute('aria-valuenow')).toBe('1');
    expect(await temperature.getAttribute('aria-valuemax')).toBe('2');
    const box = page.getByRole('spinbutton', { name: 'Temperature' });
    await box.fill('0.35');
    await box.press('Enter');
    await expect.poll(() => temperature.getAttribute('aria-valuenow')).toBe('0.35');
    await expect.poll(async () => (await stored(page, 'lastConversationSetup')).temperature).toBe(0.35);

    await temperature.dblclick();
    await expect.poll(() => temperature.getAttribute('aria-valuenow')).toBe('1');
    expect(await box.inputValue()).toBe('1');

    // Out-of-range typing is clamped to the range.
    await box.fill('7');
    await box.press('Enter');
    await expect.poll(() => temperature.getAttribute('aria-valuenow')).toBe('2');

    await page.getByRole('radio', { name: 'High' }).click();
    expect(await page.getByRole('radio', { name: 'High' }).getAttribute('aria-checked')).toBe('true');
    await page.getByLabel('Prompt prefix').fill('Answer briefly.');
    await page.screenshot({ path: artifactPath('endpoints-options-openai.png') });

    await page.getByRole('button', { name: 'Reset to defaults' }).click();
    await expect.poll(() => temperature.getAttribute('aria-valuenow')).toBe('1');
    expect(await page.getByRole('radio', { name: 'Auto' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByLabel('Prompt prefix').inputValue()).toBe('');
    await expect
      .poll(async () => stored(page, 'lastConversationSetup'))
      .toMatchObject({ temperature: 1, imageDetail: 'auto', promptPrefix: null });
    await context.close();
  });

  it('follows the Google model type: code models hide top-p/top-k, chat-bison shows examples', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    await pick(page, 'Google', 'code-bison');
    await openSettings(page);
    expect(await slider(page, 'Temperature').getAttribute('aria-valuemax')).toBe('1');
    expect(await slider(page, 'Top P').count()).toBe(0);
    expect(await slider(page, 'Top K').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Examples' }).count()).toBe(0);
    await closeOverlay(page);

    await pick(page, 'Google', 'chat-bison');
    await openSettings(page);
    expect(await slider(page, 'Top P').getAttribute('aria-valuenow')).toBe('0.8');
    expect(await slider(page, 'Top K').getAttribute('aria-valuenow')).toBe('40');
    expect(await slider(page, 'Max output tokens').getAttribute('aria-valuemax')).toBe('2048');
    const examples = page.getByRole('group', { name: 'Examples' });
    await examples.waitFor();
    await page.getByLabel('Input 1').fill('Hello');
    await page.getByLabel('Output 1').fill('Hi there!');
    await page.getByRole('button', { name: 'Add example' }).click();
    await page.getByLabel('Input 2').waitFor();
    await expect
      .poll(async () => (await stored(page, 'lastConversationSetup')).examples)
      .toEqual([
        { input: { content: 'Hello' }, output: { content: 'Hi there!' } },
        { input: { content: '' }, output: { content: '' } },
      ]);
    await page.screenshot({ path: artifactPath('endpoints-options-google.png') });
    await closeOverlay(page);

    await pick(page, 'Google', 'gemini-pro');
    await openSettings(page);
    expect(await slider(page, 'Max output tokens').getAttribute('aria-valuemax')).toBe('8192');
    expect(await page.getByRole('group', { name: 'Examples' }).count()).toBe(0);
    await context.close();
  });

  it('shows the plugins agent settings with their ranges', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    await pick(page, 'Plugins', 'gpt-4');
    await openSettings(page);
    const agentTemperature = slider(page, 'Agent temperature');
    expect(await agentTemperature.getAttribute('aria-valuenow')).toBe('0');
    expect(await agentTemperature.getAttribute('aria-valuemax')).toBe('2');
    expect(await page.getByRole('radio', { name: 'Functions' }).getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('switch', { name: 'Skip completion' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await page.getByLabel('Agent model').selectOption('gpt-4');
    await page.getByRole('radio', { name: 'Classic' }).click();
    await expect
      .poll(async () => (await stored(page, 'lastConversationSetup')).agentOptions)
      .toMatchObject({ agent: 'classic', model: 'gpt-4', temperature: 0 });
    await context.close();
  });
});

describe('presets', () => {
  it('saves, selects, defaults, exports, imports, deletes and clears presets', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    await openSettings(page);
    const box = page.getByRole('spinbutton', { name: 'Temperature' });
    await box.fill('0.5');
    await box.press('Enter');
    await closeOverlay(page);

    // Save as preset: from the sticky header when the chat page shows it, else from the presets menu.
    const header = page.getByTestId('conversation-header');
    if ((await header.count()) > 0) {
      await header.getByRole('button', { name: 'Save as preset' }).click();
    } else {
      await openPresets(page);
      await page.getByRole('button', { name: 'Save as preset' }).click();
    }
    const dialog = page.getByRole('dialog', { name: 'Save as preset' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('A name is required').waitFor();
    await dialog.getByLabel('Preset name').fill('Poet/Verse');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Poet/Verse saved', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Select it from another endpoint: a new chat converts in place, with a 750 ms toast.
    await pick(page, 'Google', 'chat-bison');
    await openPresets(page);
    expect(await rows(page).count()).toBe(1);
    await page.screenshot({ path: artifactPath('endpoints-presets-menu.png') });
    await rows(page)
      .getByRole('button', { name: /Poet\/Verse/ })
      .click();
    const toast = page.getByText('Poet/Verse selected', { exact: true });
    await toast.waitFor();
    const shown = Date.now();
    await toast.waitFor({ state: 'detached', timeout: 3000 });
    expect(Date.now() - shown).toBeLessThan(2000);
    await expect.poll(() => trigger(page).textContent()).toContain('OpenAI · gpt-3.5-turbo');
    await openSettings(page);
    expect(await slider(page, 'Temperature').getAttribute('aria-valuenow')).toBe('0.5');
    await closeOverlay(page);

    // A default preset wins over the remembered setup for new chats; unsetting it gives the memory back.
    await openPresets(page);
    await rows(page).getByRole('button', { name: 'Set as default' }).click();
    await rows(page).getByRole('button', { name: 'Unset default' }).waitFor();
    await closeOverlay(page);
    await pick(page, 'Google', 'chat-bison');
    await page.reload();
    await expect.poll(() => trigger(page).textContent()).toContain('OpenAI · gpt-3.5-turbo');
    const listed = await apiFromPage<Array<{ defaultPreset: boolean }>>(page, '/api/presets');
    expect(listed.body.map((p) => p.defaultPreset)).toEqual([true]);
    await openPresets(page);
    await rows(page).getByRole('button', { name: 'Unset default' }).click();
    await rows(page).getByRole('button', { name: 'Set as default' }).waitFor();
    await closeOverlay(page);
    await pick(page, 'Google', 'chat-bison');
    await page.reload();
    await expect.poll(() => trigger(page).textContent()).toContain('Google · chat-bison');

    // Export: a sanitised file name and the preset's JSON.
    await openPresets(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      rows(page).getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Poet_Verse.json');
    const file = artifactPath('exported-preset.json');
    await download.saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(exported).toMatchObject({ title: 'Poet/Verse', endpoint: 'openAI', temperature: 0.5 });
    expect(exported).not.toHaveProperty('user');

    // Import it back as a second preset; a file that is not a preset is refused.
    const input = page.getByLabel('Import a preset file');
    await input.setInputFiles(file);
    await page.getByText('Poet/Verse imported', { exact: true }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(2);
    await input.setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from('nope'),
    });
    await page.getByText('This file is not a valid preset.', { exact: true }).waitFor();
    expect(await rows(page).count()).toBe(2);

    // Delete is optimistic: the row goes before the (slowed) server answers.
    await page.route('**/api/presets/delete', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const started = Date.now();
    await rows(page).first().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rows(page).count(), { timeout: 1000 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
    await page.unroute('**/api/presets/delete');
    await expect.poll(async () => (await apiFromPage<unknown[]>(page, '/api/presets')).body.length).toBe(1);

    // Clear all asks first.
    await page.getByRole('button', { name: 'Clear all' }).click();
    const confirm = page.getByRole('group', { name: 'Delete all presets?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await rows(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await confirm.getByRole('button', { name: 'Delete all' }).click();
    await page.getByText('No presets yet').waitFor();
    expect((await apiFromPage<unknown[]>(page, '/api/presets')).body).toEqual([]);
    await context.close();
  });

  it('edits a preset in the presets modal with the settings panel', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    const saved = await apiFromPage<unknown[]>(page, '/api/presets', {
      method: 'POST',
      json: { preset: { title: 'Gem', endpoint: 'google', model: 'chat-bison', temperature: 0.3 } },
    });
    expect(saved.status).toBe(201);
    await page.reload();
    await openPresets(page);
    await rows(page).getByRole('button', { name: 'Edit' }).click();
    const modal = page.getByRole('dialog', { name: 'Edit preset' });
    await modal.waitFor();
    expect(await slider(page, 'Temperature').getAttribute('aria-valuenow')).toBe('0.3');
    await modal.getByLabel('Preset name').fill('Gem 2');
    await modal.getByLabel('Model').selectOption('code-bison');
    expect(await slider(page, 'Top K').count()).toBe(0);
    await page.screenshot({ path: artifactPath('endpoints-preset-modal.png') });
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Gem 2 saved', { exact: true }).waitFor();
    const list = await apiFromPage<Array<Record<string, unknown>>>(page, '/api/presets');
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ title: 'Gem 2', model: 'code-bison', temperature: 0.3 });
    await context.close();
  });
});

describe('keys, phones, dark mode and Chinese', () => {
  it('opens the key dialog when picking a userProvide endpoint without a key', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    expect(await page.getByRole('button', { name: 'Set API key' }).count()).toBe(0);
    await pick(page, 'Anthropic', 'claude-2.1');
    // The key dialog is built by the keys feature and mounted in the shell.
    await page.getByRole('dialog').waitFor();
    expect(await page.getByTestId('key-dialog').count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // The key button stays for this endpoint and opens the dialog again.
    await page.getByRole('button', { name: 'Set API key' }).click();
    await page.getByTestId('key-dialog').waitFor();
    await context.close();
  });

  it('fits a phone and dark mode, and speaks Chinese', async () => {
    const context = await newContext(browser, { width: 390, height: 844, colorScheme: 'dark' });
    const page = await open(context);
    await page.screenshot({ path: artifactPath('endpoints-phone-dark.png') });
    await pick(page, 'Google', 'chat-bison', 'endpoints-phone-picker.png');
    await openSettings(page);
    const panel = await page.getByRole('dialog', { name: 'Conversation settings' }).boundingBox();
    expect(panel!.x).toBeGreaterThanOrEqual(0);
    expect(panel!.x + panel!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: artifactPath('endpoints-phone-options.png') });
    await closeOverlay(page);
    await openPresets(page);
    await page.screenshot({ path: artifactPath('endpoints-phone-presets.png') });
    await closeOverlay(page);

    await page.evaluate(() => localStorage.setItem('lang', 'zh-CN'));
    await page.reload();
    await page.getByRole('button', { name: '选择模型' }).waitFor();
    await page.getByRole('button', { name: '对话设置' }).waitFor();
    await page.getByRole('button', { name: '预设', exact: true }).waitFor();
    await context.close();

    const desktop = await newContext(browser, { colorScheme: 'dark' });
    const wide = await open(desktop);
    await pick(wide, 'Anthropic', 'claude-2.1');
    await wide.getByTestId('key-dialog').waitFor();
    await closeOverlay(wide);
    await openSettings(wide);
    await wide.screenshot({ path: artifactPath('endpoints-options-anthropic-dark.png') });
    await desktop.close();
  });
});
