import { createServer, type Server } from 'node:http';
import { expect } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { Action, Assistant } from '@parley/shared';
import { CLIENT_ID, CLIENT_SECRET, type LocalProvider } from '@parley/server/action-oauth-testing';
import { apiFromPage } from './session.test-helpers';

// Helpers of assistants-chat.e2e.ts: an assistant made through the API with actions on a stand-in site (one behind
// OAuth) and knowledge files, the assistants calls the page makes, and the Python the code interpreter runs.

/** expect.poll with a short interval and room for the first Python start of a busy machine. */
export function poll<T>(fn: () => Promise<T> | T, timeout = 30_000): ReturnType<typeof expect.poll<T>> {
  return expect.poll(fn, { timeout, interval: 50 });
}

/** A stand-in for the sites an assistant's actions call, on 127.0.0.1; it keeps each request's path and token. */
export interface ActionSite {
  url: string;
  requests: Array<{ path: string; authorization?: string }>;
  close: () => Promise<void>;
}

/** What the site's `/v1/answer` says to a call that carries a bearer token. */
export const SITE_ANSWER = 'the answer is forty-two';
/** The city whose forecast the site fails with a 500. */
export const BROKEN_CITY = 'Atlantis';

/**
 * `GET /v1/forecast/{city}` answers the same forecast (500 for BROKEN_CITY); `GET /v1/answer` answers SITE_ANSWER
 * only with a bearer token (401 without), as an API behind OAuth does.
 */
export async function startActionSite(): Promise<ActionSite> {
  const site: ActionSite = { url: '', requests: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    const authorization = req.headers.authorization;
    site.requests.push({ path, ...(authorization ? { authorization } : {}) });
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (path === `/v1/forecast/${BROKEN_CITY}`) return answer(500, { error: 'the forecast is down' });
    if (path.startsWith('/v1/forecast/')) return answer(200, { forecast: 'sunny', high: 24 });
    if (path === '/v1/answer') {
      if (!authorization?.startsWith('Bearer ')) return answer(401, { error: 'no_token' });
      return answer(200, { answer: SITE_ANSWER });
    }
    return answer(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the action site has no port');
  site.url = `http://127.0.0.1:${address.port}`;
  site.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return site;
}

/** The function names the actions' operations get on 127.0.0.1 (a short domain: its dots as `---`). */
export const FORECAST_FUNCTION = 'getForecast_action_127---0---0---1';
export const ANSWER_FUNCTION = 'getAnswer_action_127---0---0---1';

/** The forecast action: no auth. */
export const forecastAction = (siteUrl: string) => ({
  raw_spec: `openapi: 3.0.0
info: { title: Forecasts, version: "1" }
servers:
  - url: ${siteUrl}/v1
paths:
  /forecast/{city}:
    get:
      operationId: getForecast
      parameters:
        - { name: city, in: path, required: true, schema: { type: string } }
      responses: { "200": { description: ok } }
`,
  auth: { type: 'none' },
});

/** The answer action: OAuth at the local provider, its client sending its secret in the form. */
export const answerAction = (siteUrl: string, provider: LocalProvider) => ({
  raw_spec: `openapi: 3.0.0
info: { title: Answers, version: "1" }
servers:
  - url: ${siteUrl}/v1
paths:
  /answer:
    get:
      operationId: getAnswer
      responses: { "200": { description: ok } }
`,
  auth: {
    type: 'oauth',
    authorization_url: `${provider.origin}/authorize`,
    client_url: `${provider.origin}/token`,
    scope: 'read',
    token_exchange_method: 'default_post',
  },
  oauth_client_id: CLIENT_ID,
  oauth_client_secret: CLIENT_SECRET,
});

/** A knowledge file's name and text. */
export interface KnowledgeText {
  name: string;
  text: string;
}

export const HANDBOOK: KnowledgeText = {
  name: 'handbook.txt',
  text: 'Refunds are accepted within 30 days of delivery.\n\nShipping costs are not refunded.\n',
};
/** A Chinese file, found by a two-character query (运费). */
export const RETURNS_ZH: KnowledgeText = {
  name: '退货政策.txt',
  text: '收货后三十天内可以申请退货。\n\n运费不予退还。\n',
};

/**
 * An assistant with the code interpreter and retrieval, made through the API (assistants-builder.e2e.ts tests the
 * builder), with `actions` (each an action's metadata) and `files` uploaded as its knowledge. Their indexing is waited
 * for in the builder, by `assistantChat` in assistants-chat.e2e.ts.
 */
export async function createAssistant(
  page: Page,
  setup: { actions: Array<Record<string, unknown>>; files: KnowledgeText[] },
): Promise<Assistant> {
  const created = await apiFromPage<Assistant>(page, '/api/assistants', {
    method: 'POST',
    json: {
      name: 'Data helper',
      description: 'Runs numbers, reads the handbook, checks the weather',
      instructions: 'Use your tools.',
      model: 'gpt-4',
      tools: [{ type: 'code_interpreter' }, { type: 'retrieval' }],
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.id;
  for (const metadata of setup.actions) {
    const action = await apiFromPage<[unknown, Assistant, Action]>(page, `/api/assistants/actions/${id}`, {
      method: 'POST',
      json: { metadata },
    });
    expect(action.status).toBe(200);
  }
  for (const file of setup.files) {
    const status = await page.evaluate(
      async ({ assistantId, file }) => {
        const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
        const { token } = (await refresh.json()) as { token: string };
        const form = new FormData();
        form.append('file_id', crypto.randomUUID());
        form.append('endpoint', 'assistants');
        form.append('assistant_id', assistantId);
        form.append('message_file', 'false');
        form.append('file', new File([file.text], file.name, { type: 'text/plain' }));
        const res = await fetch('/api/files', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        return res.status;
      },
      { assistantId: id, file },
    );
    expect(status).toBe(201);
  }
  return created.body;
}

/** The calls the page makes on the assistants paths, with their bodies, in order. */
export function recordAssistantCalls(page: Page): Array<{ path: string; body: Record<string, unknown> }> {
  const calls: Array<{ path: string; body: Record<string, unknown> }> = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (
      !path.startsWith('/api/assistants/chat') &&
      !path.startsWith('/api/ask/') &&
      !path.startsWith('/api/edit/')
    )
      return;
    calls.push({ path, body: (request.postDataJSON() as Record<string, unknown>) ?? {} });
  });
  return calls;
}

/**
 * Python for the code interpreter: prints 6 * 7 and draws a 64 × 40 teal PNG into /mnt/data with the standard library
 * (no pip in the sandbox), which the server saves as the user's file and the reply shows.
 */
export const DRAWING_CODE = [
  'import struct, zlib',
  'def chunk(kind, data):',
  "    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))",
  'w, h = 64, 40',
  "rows = b''.join(b'\\x00' + bytes([15, 118, 110]) * w for _ in range(h))",
  "png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))",
  "png += chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b'')",
  "open('/mnt/data/square.png', 'wb').write(png)",
  'print(6 * 7)',
].join('\n');
