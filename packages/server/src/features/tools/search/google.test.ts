import { afterEach, describe, expect, it } from 'vitest';
import { answerJson, startFakeService, type FakeService } from './fake-service.test-helpers';
import { createGoogleSearchTool } from './google';
import { testToolContext } from './tool-context.test-helpers';

let fake: FakeService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const auth = {
  GOOGLE_CSE_ID: '017576662512468239146:omuauf_lfve',
  'GOOGLE_SEARCH_API_KEY||GOOGLE_API_KEY': 'AIzaSyK3y',
};

// The Custom Search JSON API's answer, trimmed: `items` carries the results, with an HTML twin of each text field.
const googleAnswer = {
  kind: 'customsearch#search',
  url: { type: 'application/json' },
  queries: { request: [{ searchTerms: 'fastify hooks', count: 2, startIndex: 1 }] },
  searchInformation: { searchTime: 0.31, totalResults: '120000' },
  items: [
    {
      kind: 'customsearch#result',
      title: 'Hooks | Fastify',
      htmlTitle: '<b>Hooks</b> | <b>Fastify</b>',
      link: 'https://fastify.dev/docs/latest/Reference/Hooks/',
      displayLink: 'fastify.dev',
      snippet:
        'Hooks are registered with the fastify.addHook method and allow you to listen to specific events ...',
      htmlSnippet: '<b>Hooks</b> are registered with the <b>fastify</b>.addHook method ...',
    },
    {
      kind: 'customsearch#result',
      title: 'Lifecycle | Fastify',
      link: 'https://fastify.dev/docs/latest/Reference/Lifecycle/',
      snippet: 'Jan 3, 2024 ... This schema shows the internal lifecycle of Fastify.',
    },
  ],
};

describe('google', () => {
  it('sends the key, engine id, query and count by GET and numbers the items', async () => {
    fake = await startFakeService((_request, res) => answerJson(res, 200, googleAnswer));
    const result = await createGoogleSearchTool({ baseUrl: fake.url }).run(
      { query: 'fastify hooks', count: 2 },
      testToolContext(auth),
    );

    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/customsearch/v1' });
    expect(Object.fromEntries(request!.query)).toEqual({
      key: 'AIzaSyK3y',
      cx: '017576662512468239146:omuauf_lfve',
      q: 'fastify hooks',
      num: '2',
    });
    expect(result.output).toBe(
      'Google results for "fastify hooks":\n\n' +
        '1. Hooks | Fastify\n   https://fastify.dev/docs/latest/Reference/Hooks/\n' +
        '   Hooks are registered with the fastify.addHook method and allow you to listen to specific events ...\n\n' +
        '2. Lifecycle | Fastify\n   https://fastify.dev/docs/latest/Reference/Lifecycle/\n' +
        '   Jan 3, 2024 ... This schema shows the internal lifecycle of Fastify.',
    );
  });

  it('asks for five results when the model does not say', async () => {
    fake = await startFakeService((_request, res) => answerJson(res, 200, googleAnswer));
    await createGoogleSearchTool({ baseUrl: fake.url }).run({ query: 'q' }, testToolContext(auth));
    expect(fake.requests[0]!.query.get('num')).toBe('5');
  });
});
