import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';

/** An upstream answer read with node:http: the status, the headers, and the body as text chunks. */
export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  /** Read it to its end: a body left unread keeps its connection until the idle timeout. */
  body: AsyncIterable<string>;
}

const FETCH_DEFAULT_HEADERS: Readonly<Record<string, string>> = {
  accept: '*/*',
  'accept-language': '*',
  'sec-fetch-mode': 'cors',
  'accept-encoding': 'gzip, deflate',
};

/** As long as fetch waits for headers, and then between two chunks of the body (undici's defaults). */
const IDLE_TIMEOUT_MS = 300_000;

/**
 * How long a kept-alive connection waits for its next request (fetch's default too). Node's agent shortens it to
 * a second under the server's own `Keep-Alive: timeout=N`, so a connection is not reused just as the server
 * closes it.
 */
const FREE_SOCKET_TIMEOUT_MS = 4_000;

// One keep-alive pool per protocol, like fetch's global dispatcher: a stream's connection is reused by the next.
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: FREE_SOCKET_TIMEOUT_MS }),
  'https:': new https.Agent({ keepAlive: true, timeout: FREE_SOCKET_TIMEOUT_MS }),
};

/**
 * Sends one request to a provider with node:http and answers when its headers arrive. fetch wraps every
 * answer in WHATWG streams, whose per-chunk promises and transfers were a fifth of the server's CPU with
 * hundreds of replies streaming; this reads the socket's chunks as they come. Failures look like fetch's, so
 * the AI SDK maps them as before: a connection that fails is `TypeError('fetch failed')` with the cause, an
 * abort rejects with the signal's reason, and a body cut short fails the read with `TypeError('terminated')`.
 */
export function requestUpstream(url: string, init: RequestInit = {}): Promise<UpstreamAnswer> {
  const signal = init.signal ?? undefined;
  const target = new URL(url);
  const agent = agents[target.protocol as keyof typeof agents];
  if (!agent)
    return Promise.reject(new TypeError('fetch failed', { cause: new Error(`${target.protocol} URL`) }));
  if (init.body != null && typeof init.body !== 'string') {
    return Promise.reject(new TypeError('Only text request bodies are sent this way'));
  }
  const body = init.body ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));

  // What fetch adds to a request that does not set them, so an upstream sees the same request either way
  // (providers.sim.test.ts compares the two); a compressed answer is decompressed in readBody.
  const headers = { ...FETCH_DEFAULT_HEADERS, ...plainHeaders(init.headers) };
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const client = target.protocol === 'https:' ? https : http;

  const send = (retried: boolean): Promise<UpstreamAnswer> =>
    new Promise((resolve, reject) => {
      let answered = false;
      const req = client.request(target, {
        method: init.method ?? 'GET',
        headers,
        agent,
        timeout: IDLE_TIMEOUT_MS,
      });
      const onAbort = () => req.destroy(abortReason(signal!));
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);

      req.on('timeout', () =>
        req.destroy(Object.assign(new Error('The endpoint stopped answering'), { code: 'ETIMEDOUT' })),
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        settle();
        if (answered) return; // the body's reader reports it
        if (signal?.aborted) return reject(abortReason(signal));
        // A kept-alive connection the server closed just as this request went out: nothing was answered, so
        // the request was not handled, and it goes once more on a new connection.
        if (!retried && req.reusedSocket && error.code === 'ECONNRESET') return resolve(send(true));
        reject(new TypeError('fetch failed', { cause: error }));
      });
      req.on('response', (res) => {
        answered = true;
        resolve({
          status: res.statusCode ?? 0,
          headers: toHeaders(res),
          body: readBody(res, signal, settle),
        });
      });
      req.end(body);
    });
  return send(false);
}

/** The body as text, decompressed if the upstream compressed it anyway (fetch would have). */
async function* readBody(
  res: IncomingMessage,
  signal: AbortSignal | undefined,
  settle: () => void,
): AsyncGenerator<string> {
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  const source: Readable = decoder ? res.pipe(decoder) : res;
  if (decoder) res.on('error', (error) => decoder.destroy(error));
  source.setEncoding('utf8');
  try {
    for await (const chunk of source) yield chunk as string;
    if (!res.complete) throw new TypeError('terminated', { cause: new Error('The connection closed early') });
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    throw error instanceof TypeError ? error : new TypeError('terminated', { cause: error });
  } finally {
    settle();
    if (!res.complete) res.destroy();
  }
}

function abortReason(signal: AbortSignal): Error {
  return (signal.reason as Error | undefined) ?? new DOMException('This operation was aborted', 'AbortError');
}

function plainHeaders(headers: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (headers instanceof Headers || Array.isArray(headers)) {
    for (const [name, value] of headers as Iterable<[string, string]>) out[name.toLowerCase()] = value;
    return out;
  }
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = String(value);
  }
  return out;
}

function toHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/**
 * A fetch for calls whose answer is read whole (titles: `generateText`): the request goes out with
 * requestUpstream and the answer comes back as a Response holding its text, without fetch's own machinery.
 * Not for streamed answers: the body is read to its end before the Response exists.
 */
export async function bufferedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  if (input instanceof Request || (init?.body != null && typeof init.body !== 'string'))
    return fetch(input, init);
  const answer = await requestUpstream(String(input), init);
  let text = '';
  for await (const chunk of answer.body) text += chunk;
  // A Response may not carry a body with these statuses.
  const bodiless = answer.status === 204 || answer.status === 205 || answer.status === 304;
  return new Response(bodiless ? null : text, { status: answer.status, headers: answer.headers });
}

/**
 * A fetch for the streamed answers the AI SDK reads (calls that offer tools, Anthropic, Google): sent with
 * requestUpstream, so a kept-alive connection the upstream closed just as the request went out is resent as the
 * fast path's are (fetch fails such a request), and answered as a Response once its headers arrive, its body streamed
 * as it comes. A request it cannot send this way goes to fetch.
 */
export async function streamingFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  if (input instanceof Request || (init?.body != null && typeof init.body !== 'string'))
    return fetch(input, init);
  const answer = await requestUpstream(String(input), init);
  const bodiless = answer.status === 204 || answer.status === 205 || answer.status === 304;
  return new Response(bodiless ? null : byteStream(answer.body), {
    status: answer.status,
    headers: answer.headers,
  });
}

/** The answer's text chunks as the bytes a Response body holds, read only as its reader asks. */
function byteStream(text: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const chunks = text[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    // The reader gave up (an abort, an error): the connection is closed, not left to the idle timeout.
    async cancel() {
      await chunks.return?.();
    },
  });
}
