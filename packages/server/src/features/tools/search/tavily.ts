import type { Tool } from '../tool';
import { DEFAULT_RESULT_COUNT, formatResults, type SearchHit } from './format';
import { list, record, text } from './json-shape';
import { searchInput, WHEN_TO_SEARCH, type SearchInput } from './search-input';
import { requireAuth, serviceJson, type ServiceOptions } from './service-http';
import { serviceUrl } from './service-url';

const SERVICE = 'Tavily';
export const TAVILY_BASE_URL = 'https://api.tavily.com';

/**
 * Tavily search: `POST /search` with a JSON body and the key as `Authorization: Bearer` (the key in the body is
 * the older form), read from `results[].{title,url,content}` and the short `answer` asked for with
 * `include_answer`. Tavily's own limit statuses (432, 433) count as a quota refusal.
 */
export function createTavilySearchTool(options: ServiceOptions = {}): Tool<SearchInput> {
  return {
    key: 'tavily_search_results_json',
    description: `Search the web with Tavily, a search engine made for AI models. ${WHEN_TO_SEARCH}`,
    input: searchInput,
    async run({ query, count = DEFAULT_RESULT_COUNT }, ctx) {
      const key = requireAuth(ctx.auth, 'TAVILY_API_KEY', SERVICE);
      ctx.progress(`Searching ${SERVICE}`);
      const body = record(
        await serviceJson({
          service: SERVICE,
          url: serviceUrl(options.baseUrl ?? TAVILY_BASE_URL, 'search'),
          init: {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify({
              query,
              max_results: count,
              search_depth: 'basic',
              topic: 'general',
              include_answer: true,
            }),
          },
          fetch: ctx.fetch,
          signal: ctx.signal,
          timeoutMs: options.timeoutMs,
        }),
      );
      const hits: SearchHit[] = list(body.results).map((entry) => {
        const result = record(entry);
        return { title: text(result.title), url: text(result.url), snippet: text(result.content) };
      });
      return { output: formatResults(hits, { service: SERVICE, query, count, answer: text(body.answer) }) };
    },
  };
}
