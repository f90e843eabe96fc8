import { OutboundRefusedError } from '../../../lib/outbound/guarded-fetch';
import { ToolError } from '../tool';

export interface PageFetchLimits {
  /** The whole read, every hop and the body included. */
  timeoutMs: number;
  /** The body is read up to this many bytes, the rest left unread. */
  maxBytes: number;
  maxRedirects: number;
}

export interface FetchedPage {
  /** Where the last hop landed. */
  url: URL;
  contentType: string;
  /** The body as far as it was read; absent when `wanted` refused its type (the body was not read at all). */
  body?: Uint8Array;
  /** True when the body went past `maxBytes` and only its start was read. */
  truncated: boolean;
}

export interface PageFetchOptions extends PageFetchLimits {
  /** The guarded fetch: every hop goes through it, so a redirect to a private address is refused as a link is. */
  fetch: typeof fetch;
  signal: AbortSignal;
  /** Whether a body of this content type is worth reading. */
  wanted(contentType: string): boolean;
  /** Told each URL before it is fetched. */
  onHop?(url: URL): void;
}

const ACCEPT = 'text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.1';

/**
 * Fetches a page a model or user named, following redirects one hop at a time through the guarded fetch (which
 * follows none itself). A stop (`signal`) is passed on as it is; every other failure is a ToolError saying what
 * went wrong in words the model can repeat.
 */
export async function fetchPage(start: URL, options: PageFetchOptions): Promise<FetchedPage> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([options.signal, timeout]);
  let url = start;
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw new ToolError(`Only http and https pages can be read, not ${url.protocol} (${url.href})`);
      options.onHop?.(url);
      const res = await options.fetch(url, { redirect: 'manual', signal, headers: { accept: ACCEPT } });
      if (res.status >= 300 && res.status < 400) {
        await res.body?.cancel();
        const location = res.headers.get('location');
        if (!location)
          throw new ToolError(`${url.host} answered a redirect (${res.status}) that points nowhere`);
        if (hop >= options.maxRedirects)
          throw new ToolError(
            `${start.host} redirected more than ${options.maxRedirects} times; the page was not read`,
          );
        url = new URL(location, url);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new ToolError(`${url.host} answered HTTP ${res.status} for ${url.href}`);
      }
      const contentType = res.headers.get('content-type') ?? '';
      if (!options.wanted(contentType)) {
        await res.body?.cancel();
        return { url, contentType, truncated: false };
      }
      return { url, contentType, ...(await readCapped(res, options.maxBytes)) };
    }
  } catch (error) {
    throw failure(error, url, options.signal, timeout, options.timeoutMs);
  }
}

/** The body up to `maxBytes`; the rest is never downloaded, so a huge or endless page costs no more than that. */
async function readCapped(
  res: Response,
  maxBytes: number,
): Promise<{ body: Uint8Array; truncated: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const reader = res.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return { body, truncated };
}

function failure(
  error: unknown,
  url: URL,
  stop: AbortSignal,
  timeout: AbortSignal,
  timeoutMs: number,
): unknown {
  // A stop is not the page's fault: the runtime sees its own reason and ends the step.
  if (stop.aborted) return stop.reason ?? error;
  if (error instanceof ToolError) return error;
  if (timeout.aborted)
    return new ToolError(`${url.host} did not finish answering within ${seconds(timeoutMs)}`);
  if (error instanceof OutboundRefusedError)
    return new ToolError(`Refused to read ${url.href}: ${error.message}`);
  if (error instanceof TypeError && error.message === 'Invalid URL')
    return new ToolError(`The page redirected to an address that is not a URL`);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const why = cause?.code ?? cause?.message ?? (error as Error).message;
  return new ToolError(`Could not read ${url.href}: ${why}`);
}

const seconds = (ms: number) => (ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`);
