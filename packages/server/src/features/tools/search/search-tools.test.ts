import { afterEach, describe, expect, it } from 'vitest';
import { ToolError, type ToolContext, type ToolResult } from '../tool';
import {
  answerJson,
  startFakeService,
  type FakeService,
  type SeenRequest,
} from './fake-service.test-helpers';
import type { SearchHit } from './format';
import {
  createBochaSearchTool,
  createGoogleSearchTool,
  createSearxngSearchTool,
  createSerpApiSearchTool,
  createTavilySearchTool,
  createWolframTool,
} from './index';
import { testToolContext } from './tool-context.test-helpers';

// What every service's tool does alike: refusals, time limits, stopping, empty answers, markup and non-ASCII
// queries. Each service's own test file checks the exact request and a full answer.

interface ServiceCase {
  service: string;
  /** The credential that must never appear in an error. */
  secret: string;
  auth(base: string): Record<string, string>;
  run(base: string, query: string, ctx: ToolContext, timeoutMs?: number): Promise<ToolResult>;
  /** The query as the service read it. */
  sentQuery(request: SeenRequest): string;
  /** The service's answer carrying these results; absent for Wolfram|Alpha, which answers text. */
  answer?(hits: SearchHit[]): unknown;
}

const fromBody = (request: SeenRequest) => (JSON.parse(request.body) as { query: string }).query;

const cases: ServiceCase[] = [
  {
    service: 'SearXNG',
    secret: 'searx-secret-path',
    auth: (base) => ({ SEARXNG_INSTANCE_URL: `${base}/searx-secret-path` }),
    run: (_base, query, ctx, timeoutMs) => createSearxngSearchTool({ timeoutMs }).run({ query }, ctx),
    sentQuery: (request) => request.query.get('q') ?? '',
    answer: (hits) => ({
      query: 'q',
      number_of_results: 0,
      results: hits.map((hit) => ({ title: hit.title, url: hit.url, content: hit.snippet, engine: 'bing' })),
      answers: [],
      suggestions: [],
    }),
  },
  {
    service: 'Google',
    secret: 'AIzaSyFAKEKEY000',
    auth: () => ({ GOOGLE_CSE_ID: 'cx-1', 'GOOGLE_SEARCH_API_KEY||GOOGLE_API_KEY': 'AIzaSyFAKEKEY000' }),
    run: (base, query, ctx, timeoutMs) =>
      createGoogleSearchTool({ baseUrl: base, timeoutMs }).run({ query }, ctx),
    sentQuery: (request) => request.query.get('q') ?? '',
    answer: (hits) => ({
      kind: 'customsearch#search',
      searchInformation: { totalResults: String(hits.length) },
      ...(hits.length > 0 && {
        items: hits.map((hit) => ({
          kind: 'customsearch#result',
          title: hit.title,
          link: hit.url,
          snippet: hit.snippet,
        })),
      }),
    }),
  },
  {
    service: 'Tavily',
    secret: 'tvly-FAKEKEY000',
    auth: () => ({ TAVILY_API_KEY: 'tvly-FAKEKEY000' }),
    run: (base, query, ctx, timeoutMs) =>
      createTavilySearchTool({ baseUrl: base, timeoutMs }).run({ query }, ctx),
    sentQuery: fromBody,
    answer: (hits) => ({
      query: 'q',
      answer: null,
      results: hits.map((hit) => ({ title: hit.title, url: hit.url, content: hit.snippet, score: 0.9 })),
      response_time: 0.5,
    }),
  },
  {
    service: 'SerpApi',
    secret: 'serp-FAKEKEY000',
    auth: () => ({ SERPAPI_API_KEY: 'serp-FAKEKEY000' }),
    run: (base, query, ctx, timeoutMs) =>
      createSerpApiSearchTool({ baseUrl: base, timeoutMs }).run({ query }, ctx),
    sentQuery: (request) => request.query.get('q') ?? '',
    answer: (hits) =>
      hits.length > 0
        ? {
            search_metadata: { status: 'Success' },
            organic_results: hits.map((hit, i) => ({
              position: i + 1,
              title: hit.title,
              link: hit.url,
              snippet: hit.snippet,
            })),
          }
        : {
            search_metadata: { status: 'Success' },
            error: "Google hasn't returned any results for this query.",
          },
  },
  {
    service: 'Bocha',
    secret: 'sk-FAKEBOCHAKEY',
    auth: () => ({ BOCHA_API_KEY: 'sk-FAKEBOCHAKEY' }),
    run: (base, query, ctx, timeoutMs) =>
      createBochaSearchTool({ baseUrl: base, timeoutMs }).run({ query }, ctx),
    sentQuery: fromBody,
    answer: (hits) => ({
      code: 200,
      log_id: 'log-1',
      msg: null,
      data: {
        _type: 'SearchResponse',
        webPages: { value: hits.map((hit) => ({ name: hit.title, url: hit.url, snippet: hit.snippet })) },
      },
    }),
  },
  {
    service: 'Wolfram|Alpha',
    secret: 'WOLFRAM-FAKEID',
    auth: () => ({ WOLFRAM_APP_ID: 'WOLFRAM-FAKEID' }),
    run: (base, query, ctx, timeoutMs) =>
      createWolframTool({ baseUrl: base, timeoutMs }).run({ input: query }, ctx),
    sentQuery: (request) => request.query.get('input') ?? '',
  },
];

let fake: FakeService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe.each(cases)('$service', (c) => {
  it.each([401, 429, 500])(
    'turns HTTP %i into an error naming the service and status, never the key',
    async (status) => {
      // The answer repeats the key, as some services' error bodies repeat the request.
      fake = await startFakeService((_request, res) =>
        answerJson(res, status, { error: `bad key ${c.secret}` }),
      );
      const error = await c.run(fake.url, 'q', testToolContext(c.auth(fake.url))).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ToolError);
      expect((error as ToolError).message).toContain(c.service);
      expect((error as ToolError).message).toContain(String(status));
      expect((error as ToolError).message).not.toContain(c.secret);
    },
  );

  it('gives up after its time limit when the service does not answer', async () => {
    fake = await startFakeService(() => undefined);
    await expect(c.run(fake.url, 'q', testToolContext(c.auth(fake.url)), 100)).rejects.toThrow(
      new ToolError(`${c.service} did not answer within 0.1 s.`),
    );
  });

  it('stops when the run is aborted, throwing the abort reason', async () => {
    const controller = new AbortController();
    const stopped = new Error('reply stopped');
    fake = await startFakeService(() => controller.abort(stopped));
    const ctx = testToolContext(c.auth(fake.url), { signal: controller.signal });
    await expect(c.run(fake.url, 'q', ctx)).rejects.toBe(stopped);
  });

  it('sends a Chinese query as UTF-8', async () => {
    const query = '北京 今天 天气';
    fake = await startFakeService((_request, res) =>
      c.answer ? answerJson(res, 200, c.answer([])) : res.end('Result: sunny'),
    );
    await c.run(fake.url, query, testToolContext(c.auth(fake.url)));
    const [request] = fake.requests;
    expect(c.sentQuery(request!)).toBe(query);
    if (request!.method === 'GET') expect(request!.rawQuery).toContain(encodeURIComponent('北京'));
    else expect(Number(request!.headers['content-length'])).toBe(Buffer.byteLength(request!.body));
  });
});

// Wolfram|Alpha answers text, not results; its own test file covers its empty and long answers.
describe.each(cases.filter((c) => c.answer))('$service results', (c) => {
  it('says plainly when there are no results', async () => {
    fake = await startFakeService((_request, res) => answerJson(res, 200, c.answer!([])));
    const result = await c.run(fake.url, 'zzqx nothing', testToolContext(c.auth(fake.url)));
    expect(result.output).toBe(`${c.service} found no results for "zzqx nothing".`);
  });

  it('strips markup from titles and snippets', async () => {
    const hit = {
      title: '<b>Fastify</b> &amp; <i>TypeScript</i>',
      url: 'https://fastify.dev/docs/',
      snippet: 'Fast <b>and</b> low&nbsp;overhead<br/>web framework<script>alert(1)</script> &lt;3',
    };
    fake = await startFakeService((_request, res) => answerJson(res, 200, c.answer!([hit])));
    const result = await c.run(fake.url, 'fastify', testToolContext(c.auth(fake.url)));
    expect(result.output).toBe(
      `${c.service} results for "fastify":\n\n` +
        '1. Fastify & TypeScript\n   https://fastify.dev/docs/\n   Fast and low overhead web framework <3',
    );
  });
});
