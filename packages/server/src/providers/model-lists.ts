import { openAIBaseURL } from './provider-urls';
import type { EndpointEntry, FetchFn } from './provider.types';

/** Fetched model lists are kept this long; a failed fetch answers the defaults for a minute, then retries. */
export const MODEL_LIST_TTL_MS = 10 * 60 * 1000;
export const MODEL_LIST_FAILURE_TTL_MS = 60 * 1000;
const FETCH_TIMEOUT_MS = 5000;

export interface ModelListContext {
  userId: string;
  /** The user's own key, for an endpoint whose key is user-provided. */
  apiKey?: string;
  /** The user's own base URL; used only where the endpoint takes one, and then fetched through `userURLFetch`. */
  baseURL?: string;
}

/**
 * Model names of one endpoint: the configured list, or, when `models.fetch` is set, the provider's
 * `GET {baseURL}/models` (with `?user=<userId>` under `userIdQuery`), cached, falling back to the
 * configured list whenever the fetch fails or lists nothing.
 */
export function createModelLists(options: { fetch?: FetchFn; userURLFetch: FetchFn; now?: () => number }) {
  const cache = new Map<string, { expires: number; models: string[] }>();
  const now = options.now ?? Date.now;

  return async function listModels(entry: EndpointEntry, ctx: ModelListContext): Promise<string[]> {
    const fallback = entry.models.default;
    const userGiven = entry.userProvideURL && ctx.baseURL !== undefined;
    const doFetch = userGiven ? options.userURLFetch : (options.fetch ?? globalThis.fetch);
    const baseURL = userGiven ? ctx.baseURL : entry.credentials.baseURL;
    const apiKey = ctx.apiKey ?? entry.credentials.apiKey;
    if (!entry.models.fetch || !baseURL) return fallback;
    const url = new URL(`${openAIBaseURL(baseURL)}/models`);
    if (entry.models.userIdQuery) url.searchParams.set('user', ctx.userId);
    const key = `${entry.name}\n${url.href}\n${apiKey ?? ''}`;
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.models;
    const fetched = await fetchModelIds(doFetch, url, apiKey, entry.custom?.headers);
    const models = fetched && fetched.length > 0 ? fetched : fallback;
    cache.set(key, { expires: now() + (fetched ? MODEL_LIST_TTL_MS : MODEL_LIST_FAILURE_TTL_MS), models });
    return models;
  };
}

async function fetchModelIds(
  doFetch: FetchFn,
  url: URL,
  apiKey: string | undefined,
  headers: Record<string, string> | undefined,
): Promise<string[] | null> {
  try {
    const res = await doFetch(url, {
      headers: { ...headers, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { id?: unknown }[] };
    if (!Array.isArray(body.data)) return null;
    return body.data.map((m) => m.id).filter((id): id is string => typeof id === 'string');
  } catch {
    return null;
  }
}
