import { afterEach, describe, expect, it } from 'vitest';
import { ToolError } from '../tool';
import { createBochaSearchTool } from './bocha';
import { answerJson, startFakeService, type FakeService } from './fake-service.test-helpers';
import { testToolContext } from './tool-context.test-helpers';

let fake: FakeService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const auth = { BOCHA_API_KEY: 'sk-8f1e2d3c4b5a' };

// Bocha answers in Bing's shape under `data`, with its own `code` beside it.
const bochaAnswer = {
  code: 200,
  log_id: '0d3e5c1f2a',
  msg: null,
  data: {
    _type: 'SearchResponse',
    queryContext: { originalQuery: '杭州亚运会 金牌榜' },
    webPages: {
      webSearchUrl: 'https://bochaai.com/search?q=杭州亚运会 金牌榜',
      totalEstimatedMatches: 10000000,
      value: [
        {
          id: 'https://api.bochaai.com/v1/#WebPages.0',
          name: '杭州亚运会<b>金牌榜</b>：中国队201金收官',
          url: 'https://www.example.cn/news/2023/10/08/asiad.html',
          displayUrl: 'https://www.example.cn/news/2023/10/08/asiad.html',
          snippet: '第19届亚运会在杭州闭幕……',
          summary: '第19届亚运会于10月8日在杭州闭幕，中国代表团以201金111银71铜位列金牌榜第一。',
          siteName: '示例新闻',
          siteIcon: 'https://th.bochaai.com/favicon?domain_url=example.cn',
          datePublished: '2023-10-08T22:10:00+08:00',
        },
        {
          id: 'https://api.bochaai.com/v1/#WebPages.1',
          name: 'Hangzhou 2023 medal table',
          url: 'https://en.example.org/wiki/2022_Asian_Games_medal_table',
          snippet: 'The medal table of the 2022 Asian Games, held in 2023.',
        },
      ],
    },
    images: null,
    videos: null,
  },
};

describe('bocha_search', () => {
  it('posts the query with a count and summaries asked for, and prefers the summary to the snippet', async () => {
    fake = await startFakeService((_request, res) => answerJson(res, 200, bochaAnswer));
    const result = await createBochaSearchTool({ baseUrl: fake.url }).run(
      { query: '杭州亚运会 金牌榜', count: 2 },
      testToolContext(auth),
    );

    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/web-search' });
    expect(request!.headers.authorization).toBe('Bearer sk-8f1e2d3c4b5a');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      query: '杭州亚运会 金牌榜',
      count: 2,
      summary: true,
      freshness: 'noLimit',
    });
    expect(result.output).toBe(
      'Bocha results for "杭州亚运会 金牌榜":\n\n' +
        '1. 杭州亚运会金牌榜：中国队201金收官\n   https://www.example.cn/news/2023/10/08/asiad.html\n' +
        '   第19届亚运会于10月8日在杭州闭幕，中国代表团以201金111银71铜位列金牌榜第一。\n\n' +
        '2. Hangzhou 2023 medal table\n   https://en.example.org/wiki/2022_Asian_Games_medal_table\n' +
        '   The medal table of the 2022 Asian Games, held in 2023.',
    );
  });

  it('treats a code other than 200 in the body as a refusal', async () => {
    fake = await startFakeService((_request, res) =>
      answerJson(res, 200, { code: '403', message: 'You do not have enough money', log_id: 'x' }),
    );
    await expect(
      createBochaSearchTool({ baseUrl: fake.url }).run({ query: 'q' }, testToolContext(auth)),
    ).rejects.toThrow(new ToolError('Bocha answered code 403: the request was refused.'));
  });
});
