import { createServer, type Server } from 'node:http';

// A stand-in for a SearXNG instance, for the browser specs of web search
// (docs/reference/tools.md (Web search)): `GET /search?q=…&format=json` answers the JSON of SearXNG's API with the
// results the test set; an instance without the JSON format enabled answers 403, so another format does here too.

export interface SearxngRequest {
  path: string;
  params: Record<string, string>;
  accept: string | undefined;
}

export interface FakeSearxng {
  url: string;
  /** `results[]` of the next answers: `{title, url, content}` as SearXNG gives them. */
  results: Array<{ title: string; url: string; content: string }>;
  /** `answers[]` of the next answers. */
  answers: string[];
  requests: SearxngRequest[];
  close: () => Promise<void>;
}

export async function startFakeSearxng(): Promise<FakeSearxng> {
  const fake: FakeSearxng = { url: '', results: [], answers: [], requests: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push({
      path: url.pathname,
      params: Object.fromEntries(url.searchParams),
      accept: req.headers.accept,
    });
    if (req.method !== 'GET' || url.pathname !== '/search') {
      res.writeHead(404).end();
      return;
    }
    if (url.searchParams.get('format') !== 'json') {
      res.writeHead(403).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        query: url.searchParams.get('q') ?? '',
        number_of_results: fake.results.length,
        results: fake.results.map((r, i) => ({
          ...r,
          engine: 'duckduckgo',
          engines: ['duckduckgo'],
          score: 1 / (i + 1),
        })),
        answers: fake.answers,
        corrections: [],
        infoboxes: [],
        suggestions: [],
        unresponsive_engines: [],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the SearXNG stand-in has no port');
  fake.url = `http://127.0.0.1:${address.port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
