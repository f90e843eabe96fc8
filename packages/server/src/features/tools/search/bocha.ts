import { ToolError, type Tool } from '../tool';
import { DEFAULT_RESULT_COUNT, formatResults, type SearchHit } from './format';
import { list, record, text } from './json-shape';
import { searchInput, WHEN_TO_SEARCH, type SearchInput } from './search-input';
import { requireAuth, serviceJson, type ServiceOptions } from './service-http';
import { serviceUrl } from './service-url';

const SERVICE = 'Bocha';
export const BOCHA_BASE_URL = 'https://api.bochaai.com';

/**
 * Bocha web search: `POST /v1/web-search` with `{query, count, summary: true, freshness: 'noLimit'}` and the key
 * as `Authorization: Bearer`, read from `data.webPages.value[].{name,url,snippet,summary}` (Bing's shape). The
 * `summary` is the longer text Bocha extracts from the page, preferred over the snippet when present. The body's
 * own `code` is 200 on success; another code with HTTP 200 is still a failure.
 */
export function createBochaSearchTool(options: ServiceOptions = {}): Tool<SearchInput> {
  return {
    key: 'bocha_search',
    description: `Search the web with Bocha, which covers Chinese-language sites well. ${WHEN_TO_SEARCH}`,
    input: searchInput,
    async run({ query, count = DEFAULT_RESULT_COUNT }, ctx) {
      const key = requireAuth(ctx.auth, 'BOCHA_API_KEY', SERVICE);
      ctx.progress(`Searching ${SERVICE}`);
      const body = record(
        await serviceJson({
          service: SERVICE,
          url: serviceUrl(options.baseUrl ?? BOCHA_BASE_URL, 'v1/web-search'),
          init: {
            method: 'POST',
            headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
            body: JSON.stringify({ query, count, summary: true, freshness: 'noLimit' }),
          },
          fetch: ctx.fetch,
          signal: ctx.signal,
          timeoutMs: options.timeoutMs,
        }),
      );
      if (body.code !== undefined && String(body.code) !== '200') {
        throw new ToolError(`${SERVICE} answered code ${String(body.code)}: the request was refused.`);
      }
      const pages = list(record(record(body.data).webPages).value);
      const hits: SearchHit[] = pages.map((entry) => {
        const page = record(entry);
        return {
          title: text(page.name),
          url: text(page.url),
          snippet: text(page.summary) || text(page.snippet),
        };
      });
      return { output: formatResults(hits, { service: SERVICE, query, count }) };
    },
  };
}
