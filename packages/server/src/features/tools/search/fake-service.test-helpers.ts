import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the fake service received it. */
export interface SeenRequest {
  method: string;
  /** The path, without the query. */
  path: string;
  /** The query as sent, before decoding (to check how it was encoded). */
  rawQuery: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface FakeService {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

/** Replies with `body` as JSON. */
export function answerJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

/**
 * A local HTTP server standing in for a search service: it records each request with its body, then lets `answer`
 * reply (or not reply, to test a time limit).
 */
export async function startFakeService(
  answer: (request: SeenRequest, res: http.ServerResponse) => void,
): Promise<FakeService> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const target = req.url ?? '/';
      const queryAt = target.indexOf('?');
      const rawQuery = queryAt === -1 ? '' : target.slice(queryAt + 1);
      const seen: SeenRequest = {
        method: req.method ?? '',
        path: queryAt === -1 ? target : target.slice(0, queryAt),
        rawQuery,
        query: new URLSearchParams(rawQuery),
        headers: req.headers,
        body,
      };
      requests.push(seen);
      answer(seen, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
