import { openAIBaseURL } from './provider-urls';
import { orderFetchedModels, providerListCall } from './provider-model-lists';
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

/** One list request: where, with which headers, and how to read the answer into model names. */
interface ListRequest {
  url: URL;
  headers: Record<string, string>;
  read: (body: unknown) => string[] | null;
  /** Puts a fetched list in order (a provider's list: the defaults first). */
  order?: (models: string[]) => string[];
}

/**
 * Model names of one endpoint (docs/reference/endpoints-and-models.md (Model lists)): the configured list, or a
 * fetched one, cached, falling back to the configured list whenever the fetch fails or lists nothing. A custom
 * endpoint with `models.fetch` asks `GET {baseURL}/models` (with `?user=<userId>` under `userIdQuery`); a built-in
 * endpoint with an operator key and no operator list asks its provider's list (provider-model-lists.ts).
 */
export function createModelLists(options: { fetch?: FetchFn; userURLFetch: FetchFn; now?: () => number }) {
  const cache = new Map<string, { expires: number; models: string[] }>();
  const now = options.now ?? Date.now;

  return async function listModels(entry: EndpointEntry, ctx: ModelListContext): Promise<string[]> {
    const fallback = entry.models.default;
    const userGiven = entry.userProvideURL && ctx.baseURL !== undefined;
    const doFetch = userGiven ? options.userURLFetch : (options.fetch ?? globalThis.fetch);
    const request = listRequest(entry, ctx, userGiven);
    if (!request) return fallback;
    const key = `${entry.name}\n${request.url.href}\n${JSON.stringify(request.headers)}`;
    const hit = cache.get(key);
    if (hit && hit.expires > now()) return hit.models;
    const fetched = await fetchModelIds(doFetch, request);
    const models = fetched && fetched.length > 0 ? (request.order?.(fetched) ?? fetched) : fallback;
    cache.set(key, {
      expires: now() + (fetched && fetched.length > 0 ? MODEL_LIST_TTL_MS : MODEL_LIST_FAILURE_TTL_MS),
      models,
    });
    return models;
  };
}

/** The list request of an endpoint, or null when its list is the configured one. */
function listRequest(entry: EndpointEntry, ctx: ModelListContext, userGiven: boolean): ListRequest | null {
  const provider = entry.models.provider;
  const operatorKey = entry.credentials.apiKey ?? googleKey(entry);
  if (provider && operatorKey) {
    const call = providerListCall(provider, operatorKey, entry.credentials.baseURL);
    return { ...call, order: (models) => orderFetchedModels(models, entry.models.default) };
  }
  const baseURL = userGiven ? ctx.baseURL : entry.credentials.baseURL;
  if (!entry.models.fetch || !baseURL) return null;
  const apiKey = ctx.apiKey ?? entry.credentials.apiKey;
  const url = new URL(`${openAIBaseURL(baseURL)}/models`);
  if (entry.models.userIdQuery) url.searchParams.set('user', ctx.userId);
  return {
    url,
    headers: { ...entry.custom?.headers, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    read: (body) => {
      const data = (body as { data?: unknown } | null)?.data;
      if (!Array.isArray(data)) return null;
      return data.map((m: { id?: unknown }) => m?.id).filter((id): id is string => typeof id === 'string');
    },
  };
}

function googleKey(entry: EndpointEntry): string | undefined {
  const google = entry.credentials.google;
  return google && 'apiKey' in google ? google.apiKey : undefined;
}

async function fetchModelIds(doFetch: FetchFn, request: ListRequest): Promise<string[] | null> {
  try {
    const res = await doFetch(request.url, {
      headers: request.headers,
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!res.ok) return null;
    return request.read(await res.json());
  } catch {
    return null;
  }
}
