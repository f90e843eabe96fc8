import { afterEach, describe, expect, it } from 'vitest';
import { ToolError } from '../tool';
import { answerJson, startFakeService, type FakeService } from './fake-service.test-helpers';
import { createSearxngSearchTool } from './searxng';
import { testToolContext } from './tool-context.test-helpers';

let fake: FakeService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

// A SearXNG instance's JSON answer, trimmed to the fields that matter and a few it always carries.
const searxngAnswer = {
  query: 'node 22 release',
  number_of_results: 0,
  results: [
    {
      url: 'https://nodejs.org/en/blog/release/v22.0.0',
      title: 'Node.js 22 is now available!',
      content: 'Node.js 22 ships with V8 12.4, <span class="highlight">require(esm)</span> behind a flag...',
      engine: 'duckduckgo',
      engines: ['duckduckgo', 'brave'],
      score: 2.5,
      category: 'general',
    },
    {
      url: 'https://github.com/nodejs/node/releases',
      title: 'Releases · nodejs/node',
      content: 'Node.js JavaScript runtime.',
      engine: 'brave',
      score: 1,
    },
  ],
  answers: [{ answer: 'Node.js 22 was released on 24 April 2024.', url: 'https://nodejs.org/' }],
  corrections: [],
  infoboxes: [],
  suggestions: ['node 22 lts'],
  unresponsive_engines: [],
};

describe('searxng_search', () => {
  it('asks the instance under its own path for JSON and numbers the results', async () => {
    fake = await startFakeService((request, res) => answerJson(res, 200, searxngAnswer));
    const ctx = testToolContext({ SEARXNG_INSTANCE_URL: `${fake.url}/searx/` });
    const result = await createSearxngSearchTool().run({ query: 'node 22 release', count: 1 }, ctx);

    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/searx/search' });
    expect(Object.fromEntries(request!.query)).toEqual({ q: 'node 22 release', format: 'json' });
    expect(request!.headers.accept).toBe('application/json');
    expect(result.output).toBe(
      'SearXNG results for "node 22 release":\n\n' +
        'Answer: Node.js 22 was released on 24 April 2024.\n\n' +
        '1. Node.js 22 is now available!\n   https://nodejs.org/en/blog/release/v22.0.0\n' +
        '   Node.js 22 ships with V8 12.4, require(esm) behind a flag...',
    );
    expect(ctx.progressed).toEqual(['Searching SearXNG']);
  });

  it('reads the answers of older instances, which are plain strings', async () => {
    fake = await startFakeService((_request, res) =>
      answerJson(res, 200, { ...searxngAnswer, results: [], answers: ['42'] }),
    );
    const ctx = testToolContext({ SEARXNG_INSTANCE_URL: fake.url });
    const result = await createSearxngSearchTool().run({ query: 'answer' }, ctx);
    expect(fake.requests[0]!.path).toBe('/search');
    expect(result.output).toBe('SearXNG results for "answer":\n\nAnswer: 42');
  });

  it('says which setting is wrong when the instance URL is not a URL', async () => {
    const ctx = testToolContext({ SEARXNG_INSTANCE_URL: 'searx on my box' });
    await expect(createSearxngSearchTool().run({ query: 'q' }, ctx)).rejects.toThrow(
      new ToolError('SearXNG is not configured: SEARXNG_INSTANCE_URL is not a valid URL.'),
    );
  });

  it('explains a 403, what an instance without the JSON format answers', async () => {
    fake = await startFakeService((_request, res) => {
      res.writeHead(403, { 'content-type': 'text/html' });
      res.end('<html>403 Forbidden</html>');
    });
    const ctx = testToolContext({ SEARXNG_INSTANCE_URL: fake.url });
    await expect(createSearxngSearchTool().run({ query: 'q' }, ctx)).rejects.toThrow(
      new ToolError('SearXNG answered HTTP 403: the key or setting was refused.'),
    );
  });
});
