import { createServer, type Server } from 'node:http';
import { expect } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { Action, Assistant } from '@parley/shared';
import { apiFromPage } from './session.test-helpers';

// Helpers of assistants-chat.e2e.ts: an assistant made through the API with an action on a stand-in site and a
// knowledge file, the assistants calls the page makes, and the Python the code interpreter runs.

/** expect.poll with a short interval and room for the first Python start of a busy machine. */
export function poll<T>(fn: () => Promise<T> | T, timeout = 30_000): ReturnType<typeof expect.poll<T>> {
  return expect.poll(fn, { timeout, interval: 50 });
}

/** A stand-in for a forecast site an action calls: every GET answers the same JSON. */
export interface ForecastSite {
  url: string;
  requests: string[];
  close: () => Promise<void>;
}

export async function startForecastSite(): Promise<ForecastSite> {
  const site: ForecastSite = { url: '', requests: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    site.requests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ forecast: 'sunny', high: 24 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the forecast site has no port');
  site.url = `http://127.0.0.1:${address.port}`;
  site.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return site;
}

/** The function name the action's one operation gets: `getForecast` on 127.0.0.1 (short: its dots as `---`). */
export const FORECAST_FUNCTION = 'getForecast_action_127---0---0---1';

const forecastSchema = (siteUrl: string) => `openapi: 3.0.0
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
`;

/**
 * An assistant with the code interpreter, retrieval and a forecast action, made through the API (the builder has its
 * own spec), and a knowledge file once it is indexed.
 */
export async function createAssistant(page: Page, siteUrl: string): Promise<Assistant> {
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
  const action = await apiFromPage<[unknown, Assistant, Action]>(page, `/api/assistants/actions/${id}`, {
    method: 'POST',
    json: { metadata: { raw_spec: forecastSchema(siteUrl), auth: { type: 'none' } } },
  });
  expect(action.status).toBe(200);
  const fileId = await page.evaluate(async (assistantId) => {
    const refresh = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'include' });
    const { token } = (await refresh.json()) as { token: string };
    const form = new FormData();
    form.append('file_id', crypto.randomUUID());
    form.append('endpoint', 'assistants');
    form.append('assistant_id', assistantId);
    form.append('message_file', 'false');
    const text = 'Refunds are accepted within 30 days of delivery.\n\nShipping costs are not refunded.\n';
    form.append('file', new File([text], 'handbook.txt', { type: 'text/plain' }));
    const res = await fetch('/api/files', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return ((await res.json()) as { file_id: string }).file_id;
  }, id);
  await poll(async () => {
    const files = await apiFromPage<Array<{ file_id: string; knowledge?: { status: string } }>>(
      page,
      '/api/files',
    );
    return files.body.find((f) => f.file_id === fileId)?.knowledge?.status;
  }).toBe('ready');
  return action.body[1];
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
