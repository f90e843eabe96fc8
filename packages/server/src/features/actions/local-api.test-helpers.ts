import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';

/** One request a local server received. */
export interface Received {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: Received[];
  close(): Promise<void>;
}

/** What a route of a local server does with a request (its body already read). */
export type LocalHandler = (req: Received, res: ServerResponse) => void;

/**
 * An HTTP server on 127.0.0.1 for action tests, answering with `handle`, keeping every request it got. Sockets it
 * still holds (a response that never ends) are destroyed on close.
 */
export async function startLocalServer(handle: LocalHandler): Promise<LocalServer> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(entry);
      handle(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** The guard as an operator who opened loopback (USER_URL_ALLOWED_RANGES=127.0.0.0/8) would have it. */
export const loopbackAllowedFetch = () => createGuardedFetch({ allowedRanges: ['127.0.0.0/8'] });

/** An OpenAPI schema of a test API at `origin`, with an operation for each thing the tests try. */
export function testApiSpec(origin: string): string {
  const ok = { '200': { description: 'ok' } };
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Test API', version: '1' },
    servers: [{ url: `${origin}/v1` }],
    paths: {
      '/items/{id}': {
        get: {
          operationId: 'getItem',
          summary: 'One item',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
            { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
            { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
          ],
          responses: ok,
        },
      },
      '/items': {
        post: {
          operationId: 'createItem',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/NewItem' } } },
          },
          responses: ok,
        },
      },
      '/grid/{x}': {
        get: {
          operationId: 'getCell',
          parameters: [{ name: 'x', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } }],
          responses: ok,
        },
      },
      '/form': {
        post: {
          operationId: 'postForm',
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: { type: 'object', properties: { a: { type: 'string' }, n: { type: 'number' } } },
              },
            },
          },
          responses: ok,
        },
      },
      '/answer': { get: { operationId: 'getAnswer', responses: ok } },
    },
    components: {
      schemas: {
        NewItem: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, count: { type: 'integer' } },
        },
      },
    },
  });
}
