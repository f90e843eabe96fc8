import { ToolError, type Tool } from '../tool';
import { DEFAULT_RESULT_COUNT, formatResults, type SearchHit } from './format';
import { list, record, text } from './json-shape';
import { searchInput, WHEN_TO_SEARCH, type SearchInput } from './search-input';
import { requireAuth, serviceJson, type ServiceOptions } from './service-http';
import { serviceUrl } from './service-url';

const SERVICE = 'SerpApi';
export const SERPAPI_BASE_URL = 'https://serpapi.com';

/** SerpApi's answer box takes several shapes (a direct answer, a calculator result, a featured snippet). */
function answerOf(box: unknown): string {
  const fields = record(box);
  return text(fields.answer) || text(fields.result) || text(fields.snippet);
}

/**
 * Google results through SerpApi: `GET /search.json?engine=google&q=…&api_key=…`, read from
 * `organic_results[].{title,link,snippet}` and `answer_box`. A search Google found nothing for still answers 200,
 * with an `error` text and no results; any other `error` is reported, with the key taken out of it.
 */
export function createSerpApiSearchTool(options: ServiceOptions = {}): Tool<SearchInput> {
  return {
    key: 'serpapi',
    description: `Search the web with Google through SerpApi. ${WHEN_TO_SEARCH}`,
    input: searchInput,
    async run({ query, count = DEFAULT_RESULT_COUNT }, ctx) {
      const key = requireAuth(ctx.auth, 'SERPAPI_API_KEY', SERVICE);
      ctx.progress(`Searching ${SERVICE}`);
      const body = record(
        await serviceJson({
          service: SERVICE,
          url: serviceUrl(options.baseUrl ?? SERPAPI_BASE_URL, 'search.json', {
            engine: 'google',
            q: query,
            api_key: key,
          }),
          fetch: ctx.fetch,
          signal: ctx.signal,
          timeoutMs: options.timeoutMs,
        }),
      );
      const error = text(body.error);
      if (error && !/returned any results/i.test(error)) {
        throw new ToolError(`${SERVICE} reported an error: ${error.replaceAll(key, '[key]')}`);
      }
      const hits: SearchHit[] = list(body.organic_results).map((entry) => {
        const result = record(entry);
        return { title: text(result.title), url: text(result.link), snippet: text(result.snippet) };
      });
      return {
        output: formatResults(hits, { service: SERVICE, query, count, answer: answerOf(body.answer_box) }),
      };
    },
  };
}
