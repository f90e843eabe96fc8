import type { Tool } from '../tool';
import { DEFAULT_RESULT_COUNT, formatResults, type SearchHit } from './format';
import { list, record, text } from './json-shape';
import { searchInput, WHEN_TO_SEARCH, type SearchInput } from './search-input';
import { requireAuth, serviceJson, type ServiceOptions } from './service-http';
import { serviceUrl } from './service-url';

const SERVICE = 'Google';
export const GOOGLE_BASE_URL = 'https://www.googleapis.com';

/**
 * Google Programmable Search (the Custom Search JSON API): `GET /customsearch/v1?key=…&cx=…&q=…&num=…`, read from
 * `items[].{title,link,snippet}`. The API takes the key only as a query parameter; `items` is absent when nothing
 * matched. `num` is at most 10, the same cap as the tool's.
 */
export function createGoogleSearchTool(options: ServiceOptions = {}): Tool<SearchInput> {
  return {
    key: 'google',
    description: `Search the web with Google. ${WHEN_TO_SEARCH}`,
    input: searchInput,
    async run({ query, count = DEFAULT_RESULT_COUNT }, ctx) {
      const key = requireAuth(ctx.auth, 'GOOGLE_SEARCH_API_KEY||GOOGLE_API_KEY', SERVICE);
      const cx = requireAuth(ctx.auth, 'GOOGLE_CSE_ID', SERVICE);
      ctx.progress(`Searching ${SERVICE}`);
      const body = record(
        await serviceJson({
          service: SERVICE,
          url: serviceUrl(options.baseUrl ?? GOOGLE_BASE_URL, 'customsearch/v1', {
            key,
            cx,
            q: query,
            num: String(count),
          }),
          fetch: ctx.fetch,
          signal: ctx.signal,
          timeoutMs: options.timeoutMs,
        }),
      );
      const hits: SearchHit[] = list(body.items).map((entry) => {
        const item = record(entry);
        return { title: text(item.title), url: text(item.link), snippet: text(item.snippet) };
      });
      return { output: formatResults(hits, { service: SERVICE, query, count }) };
    },
  };
}
