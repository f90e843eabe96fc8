import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Shared by the tool-step tests; not part of the app.

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

/** A promise and its resolver (Node 20 has no Promise.withResolvers). */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** One search the service holds: it arrived, and it is answered (or dropped) when the test says. */
interface HeldSearch {
  arrived: Deferred<ServerResponse>;
  dropped: Deferred<void>;
}

export interface HeldSearchService {
  /** The instance's address, for SEARXNG_INSTANCE_URL. */
  url: string;
  /** Settles when the search for `query` reached the service (the tool step is running). */
  arrived(query: string): Promise<void>;
  /** Settles when the search for `query` was given up by the tool (the reply was stopped). */
  dropped(query: string): Promise<void>;
  /** Answers the search for `query` with these results, as SearXNG's JSON does. */
  release(query: string, results: { title: string; url: string; content: string }[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * A SearXNG instance that holds every search until the test releases it, by its query, so a tool step can be caught
 * while it runs (waiting on events, never on time).
 */
export async function startHeldSearch(): Promise<HeldSearchService> {
  const held = new Map<string, HeldSearch>();
  const of = (query: string) => {
    let search = held.get(query);
    if (!search) {
      search = { arrived: deferred<ServerResponse>(), dropped: deferred<void>() };
      held.set(query, search);
    }
    return search;
  };
  const server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://held').searchParams.get('q') ?? '';
    const search = of(query);
    res.on('close', () => {
      if (!res.writableEnded) search.dropped.resolve();
    });
    search.arrived.resolve(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    arrived: async (query) => void (await of(query).arrived.promise),
    dropped: (query) => of(query).dropped.promise,
    release: async (query, results) => {
      const res = await of(query).arrived.promise;
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }));
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
