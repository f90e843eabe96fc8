import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Action, Assistant } from '@parley/shared';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { launchBrowser, newContext, toast } from './browser.test-helpers';
import { assistantsServerEnv, openBuilder } from './assistants.test-helpers';
import { apiFromPage, signedInPage } from './session.test-helpers';

// The actions editor against the real server (docs/reference/assistants.md (Tools)): a schema from the Examples or
// typed, checked 800 ms after the last keystroke with the parser's verdicts, its operations, the auth dialog with its
// defaults and checks, save, secrets never shown back, reopen, back, delete.

const simUrl = inject('simUrl');
let browser: Browser;
let server: ServerProcess;
beforeAll(async () => {
  browser = await launchBrowser();
  // The action below points at this machine, which the guard allows only when the operator says so.
  server = await startServer({ ...assistantsServerEnv(simUrl), USER_URL_ALLOWED_RANGES: '127.0.0.1/32' });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 50 });

const LOCAL_SCHEMA = `openapi: 3.0.0
info: { title: Forecasts, version: "1" }
servers:
  - url: http://127.0.0.1:9/v1
paths:
  /forecast/{city}:
    get:
      operationId: getForecast
      parameters:
        - { name: city, in: path, required: true, schema: { type: string } }
      responses: { "200": { description: ok } }
  /alerts:
    post:
      operationId: postAlert
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { text: { type: string } } }
      responses: { "200": { description: ok } }
`;

/** A signed-in page whose builder edits a new assistant made through the API. */
async function builderOn(tag: string, locale?: string) {
  const context = await newContext(browser, locale ? { locale } : {});
  const { page } = await signedInPage(context, server.baseUrl, { tag });
  const created = await apiFromPage<Assistant>(page, '/api/assistants', {
    method: 'POST',
    json: { name: 'Forecaster', model: 'gpt-4' },
  });
  expect(created.status).toBe(201);
  const panel = await openBuilder(page);
  await panel.getByTestId('assistant-select').selectOption(created.body.id);
  await poll(() => panel.getByTestId('assistant-name').inputValue()).toBe('Forecaster');
  return { context, page, panel, id: created.body.id };
}

const schemaBox = (page: Page) => page.getByTestId('action-schema');
const verdict = (page: Page) => page.locator('[data-testid="spec-status"], [data-testid="spec-errors"]');

describe('actions editor', () => {
  it('builds an action from a schema with an API key, keeps the key secret, reopens it and deletes it', async () => {
    const { context, page, panel, id } = await builderOn('actions');
    await panel.getByTestId('assistant-add-actions').click();
    const editor = page.getByTestId('action-editor');
    await editor.waitFor();
    // Nothing to save without a schema's operations; Back returns to the builder.
    expect(await page.getByTestId('action-save').isDisabled()).toBe(true);
    await page.getByTestId('action-back').click();
    await panel.getByTestId('assistant-name').waitFor();
    await panel.getByTestId('assistant-add-actions').click();

    // The examples fill the box and parse.
    await page.getByTestId('schema-examples').selectOption({ label: 'Weather (JSON)' });
    await poll(() => verdict(page).textContent()).toBe('OpenAPI spec is valid.');
    expect(await schemaBox(page).inputValue()).toContain('"openapi"');
    await page.getByTestId('schema-examples').selectOption({ label: 'Pet Store (YAML)' });
    await poll(() => verdict(page).textContent()).toBe('OpenAPI spec is valid.');
    expect(await page.getByTestId('available-actions').locator('tbody tr').count()).toBeGreaterThan(1);

    // The three refusals, each with where it is.
    await schemaBox(page).fill('{\n  "openapi": "3.0.0",\n  "paths": {\n}');
    await poll(() => verdict(page).textContent()).toMatch(/^Error parsing OpenAPI spec\. \(line \d+/);
    await schemaBox(page).fill(
      'openapi: 3.0.0\ninfo: { title: t, version: "1" }\npaths:\n  /a:\n    get: {}\n',
    );
    await poll(() => verdict(page).locator('li').first().textContent()).toMatch(
      /^Could not find a valid URL in `servers`/,
    );
    await schemaBox(page).fill('openapi: 3.0.0\nservers:\n  - url: http://127.0.0.1:9\npaths: {}\n');
    await poll(() => verdict(page).locator('li').first().textContent()).toMatch(
      /^No paths found in the OpenAPI spec\./,
    );
    expect(await page.getByTestId('action-save').isDisabled()).toBe(true);

    await schemaBox(page).fill(LOCAL_SCHEMA);
    await poll(() => verdict(page).textContent()).toBe('OpenAPI spec is valid.');
    const table = page.getByTestId('available-actions');
    expect((await table.locator('thead th').allTextContents()).map((h) => h.trim())).toEqual([
      'Name',
      'Method',
      'Path',
    ]);
    expect(await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.textContent))).toEqual([
      'getForecastget/forecast/{city}',
      'postAlertpost/alerts',
    ]);

    // The auth dialog: None, then API key with Basic chosen; Custom asks for its header; nothing empty is taken.
    await page.getByTestId('action-auth').click();
    const dialog = page.getByTestId('action-auth-dialog');
    expect(await dialog.getByRole('radio', { name: 'None' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'OAuth' }).check();
    expect(await dialog.getByRole('radio', { name: 'Default (POST request)' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'API Key' }).check();
    expect(await dialog.getByRole('radio', { name: 'Basic' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'Custom' }).check();
    await dialog.getByTestId('auth-apply').click();
    expect(await dialog.getByText('This field is required.').count()).toBe(2);
    await dialog.getByTestId('auth-api-key').fill('sk-forecast-12345');
    await dialog.getByTestId('auth-custom-header').fill('X-Api-Key');
    await dialog.getByTestId('auth-apply').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('action-auth').textContent()).toContain('API Key');
    await page.getByTestId('action-privacy-url').fill('https://forecasts.example.com/privacy');

    await page.getByTestId('action-save').click();
    await toast(page, 'success', 'Action saved.').waitFor();
    await page.getByTestId('action-delete').waitFor();
    const listed = await apiFromPage<Action[]>(page, '/api/assistants/actions');
    expect(listed.body).toHaveLength(1);
    const [saved] = listed.body;
    expect(saved!.assistant_id).toBe(id);
    expect(saved!.metadata).toMatchObject({
      domain: '127.0.0.1',
      privacy_policy_url: 'https://forecasts.example.com/privacy',
      auth: { type: 'service_http', authorization_type: 'custom', custom_auth_header: 'X-Api-Key' },
    });
    expect(JSON.stringify(listed.body)).not.toContain('sk-forecast-12345');
    const withTools = await apiFromPage<Assistant>(page, `/api/assistants/${id}`);
    const names = withTools.body.tools.flatMap((t) => (t.type === 'function' ? [t.function.name] : []));
    expect(names).toHaveLength(2);
    expect(names.every((n) => n.includes('_action_'))).toBe(true);

    // The key is never shown back; the field says one is saved.
    await page.getByTestId('action-auth').click();
    expect(await dialog.getByTestId('auth-api-key').inputValue()).toBe('');
    expect(await dialog.getByTestId('auth-api-key').getAttribute('placeholder')).toBe(
      'Saved; leave empty to keep it',
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Back to the builder, which lists the action; it opens again with its schema read at once.
    await page.getByTestId('action-back').click();
    const entry = panel.getByTestId('assistant-actions').getByRole('button', { name: '127.0.0.1' });
    await entry.click();
    await poll(() => verdict(page).textContent()).toBe('OpenAPI spec is valid.');
    expect(await schemaBox(page).inputValue()).toBe(LOCAL_SCHEMA);

    // Delete: confirmed, then back to the builder without it.
    await page.getByTestId('action-delete').click();
    await page.getByTestId('action-delete-confirm').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'success', 'Action deleted.').waitFor();
    await panel.getByTestId('assistant-name').waitFor();
    expect(await panel.getByTestId('assistant-actions').count()).toBe(0);
    expect((await apiFromPage<Action[]>(page, '/api/assistants/actions')).body).toEqual([]);
    const after = await apiFromPage<Assistant>(page, `/api/assistants/${id}`);
    expect(after.body.tools.filter((t) => t.type === 'function')).toEqual([]);
    await context.close();
  });

  it('checks the schema 800 ms after the last keystroke, not before', async () => {
    const { context, page, panel } = await builderOn('actions-debounce');
    await panel.getByTestId('assistant-add-actions').click();
    await page.getByTestId('action-editor').waitFor();
    // The page's timers are the test's from here: the 800 ms are counted, not waited for.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await schemaBox(page).fill(LOCAL_SCHEMA);
    await page.clock.runFor(799);
    expect(await page.getByText('Checking the schema…').count()).toBe(1);
    expect(await verdict(page).count()).toBe(0);
    await page.clock.runFor(1);
    await verdict(page).waitFor();
    expect(await verdict(page).textContent()).toBe('OpenAPI spec is valid.');
    await page.clock.resume();
    await context.close();
  });

  it('speaks Chinese', async () => {
    const { context, page } = await builderOn('actions-zh', 'zh-CN');
    await page.getByTestId('assistant-add-actions').click();
    await page.getByTestId('schema-examples').selectOption({ label: '天气（JSON）' });
    await poll(() => verdict(page).textContent()).toBe('OpenAPI 规范有效。');
    expect(
      (await page.getByTestId('available-actions').locator('thead th').allTextContents()).map((h) =>
        h.trim(),
      ),
    ).toEqual(['名称', '方法', '路径']);
    await context.close();
  });
});
