import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID, pathOf, type ContentPart, type FileRecord, type FileUsage } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import {
  answerJson,
  startFakeService,
  type FakeService,
  type SeenRequest,
} from '../tools/search/fake-service.test-helpers';
import { tinyPng } from '../tools/images/image-tools.test-helpers';
import { ask, get, messagesOf, sim, startChatApp, type ChatApp } from './chat.test-helpers';
import { installPlugin } from './chat-tools.test-helpers';

// docs/reference/tools.md (A reply that uses tools): every tool of the catalogue in a whole reply, the model's call
// reaching a local server that speaks the service's API, the answer back to the model, the step saved; the image
// tools' pictures in the reply and in the user's files.

const HIT = {
  title: 'Parley, a chat of many models',
  url: 'https://parley.example/',
  snippet: 'Self-hosted.',
};
const WOLFRAM_TEXT = 'Input interpretation: 6 times 7\nResult: 42';

/** The services' answers, by the path each API uses. */
function answer(request: SeenRequest, res: Parameters<typeof answerJson>[0], png: Buffer): void {
  const hit = { title: HIT.title, url: HIT.url };
  switch (request.path) {
    case '/searx/search':
      return answerJson(res, 200, { query: 'q', results: [{ ...hit, content: HIT.snippet }], answers: [] });
    case '/customsearch/v1':
      return answerJson(res, 200, { items: [{ title: HIT.title, link: HIT.url, snippet: HIT.snippet }] });
    case '/search':
      return answerJson(res, 200, { query: 'q', results: [{ ...hit, content: HIT.snippet, score: 0.9 }] });
    case '/search.json':
      return answerJson(res, 200, {
        search_metadata: { status: 'Success' },
        organic_results: [{ position: 1, title: HIT.title, link: HIT.url, snippet: HIT.snippet }],
      });
    case '/v1/web-search':
      return answerJson(res, 200, {
        code: 200,
        data: { webPages: { value: [{ name: HIT.title, url: HIT.url, snippet: HIT.snippet }] } },
      });
    case '/api/v1/llm-api':
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end(WOLFRAM_TEXT);
    case '/v1/images/generations':
      return answerJson(res, 200, {
        data: [{ b64_json: png.toString('base64'), revised_prompt: 'a red box' }],
      });
    case '/sdapi/v1/txt2img':
      return answerJson(res, 200, { images: [png.toString('base64')], info: '{}' });
    default:
      return answerJson(res, 404, { error: `no ${request.path}` });
  }
}

// The services Parley reaches at a fixed address are answered by the local server instead, as a DNS override would.
const FIXED_HOSTS = [
  'www.googleapis.com',
  'api.tavily.com',
  'serpapi.com',
  'api.bochaai.com',
  'www.wolframalpha.com',
];

interface ToolCase {
  key: string;
  /** The user's own credentials, given when installing. */
  auth?: Record<string, string>;
  input: Record<string, string>;
  /** The path the tool's request reaches, and what the model reads back. */
  path: string;
  output: string;
  image?: boolean;
}

const CASES: ToolCase[] = [
  { key: 'searxng_search', input: { query: 'parley' }, path: '/searx/search', output: HIT.title },
  {
    key: 'google',
    auth: { GOOGLE_CSE_ID: 'cse-0123456789', 'GOOGLE_SEARCH_API_KEY||GOOGLE_API_KEY': 'AIza-0123456789' },
    input: { query: 'parley' },
    path: '/customsearch/v1',
    output: HIT.title,
  },
  {
    key: 'tavily_search_results_json',
    auth: { TAVILY_API_KEY: 'tvly-0123456789' },
    input: { query: 'parley' },
    path: '/search',
    output: HIT.title,
  },
  {
    key: 'serpapi',
    auth: { SERPAPI_API_KEY: 'serp-0123456789' },
    input: { query: 'parley' },
    path: '/search.json',
    output: HIT.title,
  },
  {
    key: 'bocha_search',
    auth: { BOCHA_API_KEY: 'sk-bocha-0123456789' },
    input: { query: 'parley' },
    path: '/v1/web-search',
    output: HIT.title,
  },
  {
    key: 'wolfram',
    auth: { WOLFRAM_APP_ID: 'WOLFRAM-0123456789' },
    input: { input: '6*7' },
    path: '/api/v1/llm-api',
    output: 'Result: 42',
  },
  { key: 'dalle', input: { prompt: 'a red box' }, path: '/v1/images/generations', output: '', image: true },
  {
    key: 'stable-diffusion',
    input: { prompt: 'a red box' },
    path: '/sdapi/v1/txt2img',
    output: '',
    image: true,
  },
];

let simulator: Sim;
let service: FakeService;
let dataDir: string;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
  const png = await tinyPng(6, 4);
  service = await startFakeService((request, res) => answer(request, res, png));
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (!FIXED_HOSTS.includes(url.hostname)) return realFetch(input, init);
    return realFetch(new URL(`${url.pathname}${url.search}`, service.url), init);
  });
  dataDir = mkdtempSync(join(tmpdir(), 'parley-each-tool-'));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await simulator.close();
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type ToolCallPart = Extract<ContentPart, { type: 'tool_call' }>;

describe.each(testDialects())('each tool in a reply, on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator, {
      titleConvo: false,
      dataDir,
      dalleBaseUrl: service.url,
      // The operator's settings (their URLs are the operator's, so not held to the guard for chosen URLs).
      pluginEnv: {
        SEARXNG_INSTANCE_URL: `${service.url}/searx`,
        SD_WEBUI_URL: service.url,
        DALLE3_API_KEY: 'sk-dalle-operator',
      },
    });
  });
  afterAll(async () => app?.close());
  afterEach(() => simulator.clearRequests());

  it.each(CASES)('$key: its service is asked, the model reads the answer, the step is saved', async (c) => {
    expect((await installPlugin(app, c.key, c.auth)).status).toBe(200);
    const seen = service.requests.length;
    const script = { steps: [{ toolCalls: [{ name: c.key, input: c.input }] }, { echoToolResults: true }] };
    const res = await ask(app, 'gptPlugins', {
      parentMessageId: NIL_UUID,
      conversationId: null,
      model: 'gpt-4o',
      text: `Use ${c.key} ${sim(script)}`,
      tools: [c.key],
    });
    expect(res.status).toBe(200);
    const asked = service.requests.slice(seen);
    expect(asked.map((r) => r.path)).toEqual([c.path]);
    const reply = res.events.final!.responseMessage;
    const steps = (reply.content ?? []).filter((p): p is ToolCallPart => p.type === 'tool_call');
    expect(steps).toHaveLength(1);
    const output = steps[0]!.tool_call.output!;
    expect(output).not.toContain('error processing tool');
    expect(output).toContain(c.output);
    // The model's next call carried the tool's output, and its answer (the echo) is the reply's text.
    const calls = simulator.requests().filter((r) => r.path.endsWith('/chat/completions'));
    expect(calls).toHaveLength(2);
    expect(JSON.parse(reply.text)).toEqual([{ id: steps[0]!.tool_call.id, name: c.key, output }]);
    const saved = (await messagesOf(app, res.events.final!.conversation.conversationId!)).at(-1)!;
    expect(saved.content).toEqual(reply.content);
    if (!c.image) return;
    // The picture is in the reply, in the user's files (made by a tool) and counted in their storage.
    const images = (reply.content ?? []).filter((p) => p.type === 'image_file');
    expect(images).toHaveLength(1);
    const fileId = (images[0] as { image_file: { file_id: string } }).image_file.file_id;
    const files = (await (await get(app, app.token, pathOf('listFiles'))).json()) as FileRecord[];
    expect(files.find((f) => f.file_id === fileId)).toMatchObject({
      context: 'image_generation',
      type: 'image/png',
      width: 6,
      height: 4,
    });
    const usage = (await (await get(app, app.token, pathOf('getFileUsage'))).json()) as FileUsage;
    expect(usage.used).toBeGreaterThan(0);
    expect(usage.used).toBe(files.reduce((sum, f) => sum + (f.bytes ?? 0), 0));
  });
});
