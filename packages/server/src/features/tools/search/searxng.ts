import { fetchForSetting, ToolError, type Tool } from '../tool';
import { DEFAULT_RESULT_COUNT, formatResults, type SearchHit } from './format';
import { list, record, text } from './json-shape';
import { searchInput, WHEN_TO_SEARCH, type SearchInput } from './search-input';
import { requireAuth, serviceJson, type ServiceOptions } from './service-http';
import { serviceUrl } from './service-url';

const SERVICE = 'SearXNG';
const INSTANCE_FIELD = 'SEARXNG_INSTANCE_URL';

/** SearXNG answers either plain strings or `{answer}` objects, depending on its version. */
function answerOf(answers: unknown): string {
  const first = list(answers)[0];
  return typeof first === 'string' ? first : text(record(first).answer);
}

/**
 * Web search through the operator's SearXNG instance: `GET {instance}/search?q=…&format=json`, read from
 * `results[].{title,url,content}`. The instance has no base URL of its own to override: the setting is the address.
 * The instance must list `json` in its `search.formats`, or it answers 403.
 */
export function createSearxngSearchTool(options: Omit<ServiceOptions, 'baseUrl'> = {}): Tool<SearchInput> {
  return {
    key: 'searxng_search',
    description: `Search the web through the SearXNG metasearch instance this server uses. ${WHEN_TO_SEARCH}`,
    input: searchInput,
    async run({ query, count = DEFAULT_RESULT_COUNT }, ctx) {
      const instance = requireAuth(ctx.auth, INSTANCE_FIELD, SERVICE);
      let url: URL;
      try {
        url = serviceUrl(instance, 'search', { q: query, format: 'json' });
      } catch {
        throw new ToolError(`${SERVICE} is not configured: ${INSTANCE_FIELD} is not a valid URL.`);
      }
      ctx.progress(`Searching ${SERVICE}`);
      const body = record(
        await serviceJson({
          service: SERVICE,
          url,
          init: { headers: { accept: 'application/json' } },
          // An instance the operator set is often on their own network and is reached as it is; one a user gave as their
          // own setting goes through the guard for chosen URLs.
          fetch: fetchForSetting(ctx, INSTANCE_FIELD),
          signal: ctx.signal,
          timeoutMs: options.timeoutMs,
        }),
      );
      const hits: SearchHit[] = list(body.results).map((item) => {
        const result = record(item);
        return { title: text(result.title), url: text(result.url), snippet: text(result.content) };
      });
      return {
        output: formatResults(hits, { service: SERVICE, query, count, answer: answerOf(body.answers) }),
      };
    },
  };
}
