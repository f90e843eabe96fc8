import { afterEach, describe, expect, it } from 'vitest';
import { ToolError } from '../tool';
import { answerJson, startFakeService, type FakeService } from './fake-service.test-helpers';
import { createSerpApiSearchTool } from './serpapi';
import { testToolContext } from './tool-context.test-helpers';

let fake: FakeService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const auth = { SERPAPI_API_KEY: 'e3b0c44298fc1c149afbf4c8996fb924' };

const serpAnswer = {
  search_metadata: { id: '6651f', status: 'Success', total_time_taken: 1.2 },
  search_parameters: { engine: 'google', q: 'height of mount everest', google_domain: 'google.com' },
  answer_box: { type: 'organic_result', answer: '8,849 m', title: 'Mount Everest, Elevation' },
  organic_results: [
    {
      position: 1,
      title: 'Mount Everest - Wikipedia',
      link: 'https://en.wikipedia.org/wiki/Mount_Everest',
      displayed_link: 'https://en.wikipedia.org › wiki › Mount_Everest',
      snippet: "Mount Everest is Earth's highest mountain above sea level, at 8,849 m.",
      snippet_highlighted_words: ['8,849 m'],
    },
    {
      position: 2,
      title: 'Everest | Height, Location, Map',
      link: 'https://www.britannica.com/place/Mount-Everest',
      snippet: 'Mount Everest, mountain on the crest of the Great Himalayas.',
    },
  ],
};

describe('serpapi', () => {
  it('asks the Google engine with the key as a query parameter and shows the answer box', async () => {
    fake = await startFakeService((_request, res) => answerJson(res, 200, serpAnswer));
    const result = await createSerpApiSearchTool({ baseUrl: fake.url }).run(
      { query: 'height of mount everest', count: 1 },
      testToolContext(auth),
    );

    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/search.json' });
    expect(Object.fromEntries(request!.query)).toEqual({
      engine: 'google',
      q: 'height of mount everest',
      api_key: 'e3b0c44298fc1c149afbf4c8996fb924',
    });
    expect(result.output).toBe(
      'SerpApi results for "height of mount everest":\n\nAnswer: 8,849 m\n\n' +
        '1. Mount Everest - Wikipedia\n   https://en.wikipedia.org/wiki/Mount_Everest\n' +
        "   Mount Everest is Earth's highest mountain above sea level, at 8,849 m.",
    );
  });

  it('reports an error SerpApi gives with a 200, without the key', async () => {
    fake = await startFakeService((_request, res) =>
      answerJson(res, 200, { error: `Your searches for the month are exhausted (${auth.SERPAPI_API_KEY}).` }),
    );
    await expect(
      createSerpApiSearchTool({ baseUrl: fake.url }).run({ query: 'q' }, testToolContext(auth)),
    ).rejects.toThrow(
      new ToolError('SerpApi reported an error: Your searches for the month are exhausted ([key]).'),
    );
  });
});
