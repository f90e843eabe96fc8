import { afterEach, describe, expect, it } from 'vitest';
import { answerJson, startFakeService, type FakeService } from './fake-service.test-helpers';
import { createTavilySearchTool } from './tavily';
import { testToolContext } from './tool-context.test-helpers';

let fake: FakeService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const tavilyAnswer = {
  query: 'who won the 2022 world cup',
  follow_up_questions: null,
  answer: 'Argentina won the 2022 FIFA World Cup, beating France on penalties.',
  images: [],
  results: [
    {
      title: '2022 FIFA World Cup final - Wikipedia',
      url: 'https://en.wikipedia.org/wiki/2022_FIFA_World_Cup_final',
      content: 'The final was played on 18 December 2022 at Lusail Stadium. Argentina won 4–2 on penalties.',
      score: 0.98,
      raw_content: null,
    },
  ],
  response_time: 1.09,
};

describe('tavily_search_results_json', () => {
  it('posts the query as JSON with the key as a bearer token and shows the answer before the results', async () => {
    fake = await startFakeService((_request, res) => answerJson(res, 200, tavilyAnswer));
    const result = await createTavilySearchTool({ baseUrl: fake.url }).run(
      { query: 'who won the 2022 world cup', count: 3 },
      testToolContext({ TAVILY_API_KEY: 'tvly-dev-abc123' }),
    );

    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/search', rawQuery: '' });
    expect(request!.headers.authorization).toBe('Bearer tvly-dev-abc123');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      query: 'who won the 2022 world cup',
      max_results: 3,
      search_depth: 'basic',
      topic: 'general',
      include_answer: true,
    });
    // The key travels only in the header.
    expect(request!.body).not.toContain('tvly-dev-abc123');
    expect(result.output).toBe(
      'Tavily results for "who won the 2022 world cup":\n\n' +
        'Answer: Argentina won the 2022 FIFA World Cup, beating France on penalties.\n\n' +
        '1. 2022 FIFA World Cup final - Wikipedia\n   https://en.wikipedia.org/wiki/2022_FIFA_World_Cup_final\n' +
        '   The final was played on 18 December 2022 at Lusail Stadium. Argentina won 4–2 on penalties.',
    );
  });

  it('counts its own usage-limit status as a quota refusal', async () => {
    fake = await startFakeService((_request, res) =>
      answerJson(res, 432, { detail: { error: 'This request exceeds your plan' } }),
    );
    await expect(
      createTavilySearchTool({ baseUrl: fake.url }).run(
        { query: 'q' },
        testToolContext({ TAVILY_API_KEY: 'k' }),
      ),
    ).rejects.toThrow('Tavily answered HTTP 432: its rate limit or quota is reached.');
  });
});
