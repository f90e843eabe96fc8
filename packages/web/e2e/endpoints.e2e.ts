import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { EndpointsConfig, ModelsConfig } from '@parley/shared';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { artifactPath, launchBrowser, newContext } from './browser.test-helpers';
import { e2eServerEnv } from './global-setup';
import { apiFromPage, signedInPage } from './session.test-helpers';
import {
  open,
  trigger,
  slider,
  stored,
  pick,
  openSettings,
  closeOverlay,
  openPresets,
  rows,
  savedConversation,
} from './presets.test-helpers';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => browser?.close());

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

describe('switching rules in a saved conversation', () => {
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
    await pick(page, 'Anthropic', 'claude-haiku-4-5');
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

describe('keys, phones, dark mode and Chinese', () => {
  it('opens the key dialog when picking a userProvide endpoint without a key', async () => {
    const context = await newContext(browser);
    const page = await open(context);
    expect(await page.getByRole('button', { name: 'Set API key' }).count()).toBe(0);
    await pick(page, 'Anthropic', 'claude-sonnet-4-5');
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
    await pick(wide, 'Anthropic', 'claude-sonnet-4-5');
    await wide.getByTestId('key-dialog').waitFor();
    await closeOverlay(wide);
    await openSettings(wide);
    await wide.screenshot({ path: artifactPath('endpoints-options-anthropic-dark.png') });
    await desktop.close();
  });
});

describe('a new chat lands on an endpoint the user can use', () => {
  // OpenAI (and Plugins, on its key) take each user's own key and come first in the menu; Anthropic runs on the
  // operator's key, with no operator list, so its models are the provider's own (the simulator's).
  let server: ServerProcess;
  beforeAll(async () => {
    const all = e2eServerEnv(inject('simUrl'), mkdtempSync(join(tmpdir(), 'parley-e2e-usable-')));
    const { GOOGLE_KEY: _g, GOOGLE_MODELS: _m, CONFIG_PATH: _c, ...env } = all;
    server = await startServer({
      ...env,
      OPENAI_API_KEY: 'user_provided',
      ANTHROPIC_API_KEY: 'sk-ant-operator',
    });
  });
  afterAll(async () => server?.stop());

  const menu = (page: Page) => page.getByTestId('endpoint-menu');

  it('a new user lands on the usable endpoint; once a key is stored the other one is kept', async () => {
    const context = await newContext(browser);
    const { page } = await signedInPage(context, server.baseUrl, { tag: 'usable' });
    page.setDefaultTimeout(10_000);
    const endpoints = (await apiFromPage<EndpointsConfig>(page, '/api/endpoints')).body;
    expect(Object.keys(endpoints)).toEqual(['openAI', 'gptPlugins', 'anthropic']);
    expect(endpoints.openAI!.userProvide).toBe(true);
    // Anthropic's list is the provider's, fetched with the operator's key (the defaults first).
    const models = (await apiFromPage<ModelsConfig>(page, '/api/models')).body;
    expect(models.anthropic).toEqual(['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1']);

    // No key stored: not OpenAI (first, but unusable) but Anthropic, ready to chat.
    await expect.poll(() => menu(page).textContent()).toContain('Anthropic · claude-sonnet-4-5');
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await expect.poll(() => box.isEnabled()).toBe(true);
    expect(await page.getByTestId('key-dialog').count()).toBe(0);
    await page.screenshot({ path: artifactPath('endpoints-usable-landing.png') });

    // The user picks OpenAI: its key dialog opens; they store a key.
    await pick(page, 'OpenAI', 'gpt-4');
    const dialog = page.getByTestId('key-dialog');
    await dialog.waitFor();
    await dialog.getByLabel('API Key', { exact: true }).fill('sk-user-openai');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => box.isEnabled()).toBe(true);

    // Their choice is remembered and usable now: the next new chat, after a reload too, stays on OpenAI.
    await page.reload();
    await expect.poll(() => menu(page).textContent()).toContain('OpenAI · gpt-4');
    await page.getByTestId('new-chat').click();
    await expect.poll(() => menu(page).textContent()).toContain('OpenAI · gpt-4');

    // Once the key is gone, a new chat lands on the usable endpoint again.
    await page.getByRole('button', { name: 'Set API key', exact: true }).click();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => page.getByTestId('key-status').textContent()).toBe('No key set');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.reload();
    await expect.poll(() => menu(page).textContent()).toContain('Anthropic · claude-sonnet-4-5');
    await context.close();
  });
});
