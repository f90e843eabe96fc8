import {
  API,
  methodOf,
  routeUrl,
  type AuthResult,
  type RouteArgs,
  type RouteName,
  type RouteResult,
  type Routes,
} from '@parley/shared';
import { ApiError } from './api-error';
import { readAuthResult } from './auth-result';

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** The access token held in memory, if any. */
  getToken: () => string | null;
  /** Called once per successful refresh, before the waiting requests are retried. */
  onRefreshed: (result: AuthResult) => void;
  /**
   * Called when a refresh yields no token; receives the current query string to keep
   * (docs/reference/accounts.md (The session in the browser)).
   */
  onAuthFailure: (search: string) => void;
  getSearch: () => string;
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart form data (uploads); the browser sets the boundary. */
  form?: FormData;
  /** false for calls whose 401 means something else (login: wrong credentials). Default true. */
  refreshOn401?: boolean;
  /** false when the caller handles a failed refresh itself (the start-up check). Default true. */
  redirectOnAuthFailure?: boolean;
}

async function readBody(res: Response): Promise<unknown> {
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return null;
  try {
    return await res.json();
  } catch {
    return null;
  }
}

async function toError(res: Response): Promise<ApiError> {
  const body = (await readBody(res)) as Record<string, unknown> | null;
  const message = typeof body?.message === 'string' ? body.message : `${res.status} ${res.statusText}`.trim();
  return new ApiError(res.status, message, body);
}

/**
 * The one HTTP client of the web app. A 401 is retried once after a token refresh; concurrent 401s wait
 * for the same refresh; a refresh that is itself the failing call is retried with `?retry=true`
 * (docs/reference/accounts.md (The session in the browser)).
 */
export function createApiClient(deps: ApiClientDeps) {
  let refreshing: Promise<AuthResult | null> | null = null;

  function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const { json, form, refreshOn401: _r, redirectOnAuthFailure: _a, headers, ...init } = options;
    const h = new Headers(headers);
    if (token) h.set('Authorization', `Bearer ${token}`);
    if (json !== undefined) h.set('Content-Type', 'application/json');
    return deps.fetch(path, {
      credentials: 'include',
      ...init,
      headers: h,
      body: form ?? (json === undefined ? undefined : JSON.stringify(json)),
    });
  }

  async function postRefresh(retry: boolean): Promise<AuthResult | null> {
    try {
      const res = await deps.fetch(`${API.refresh}${retry ? '?retry=true' : ''}`, {
        method: 'POST',
        credentials: 'include',
      });
      if (!res.ok) return null;
      return readAuthResult(await readBody(res));
    } catch {
      return null;
    }
  }

  /** One refresh at a time: every caller that asks while one is running gets the same promise. */
  function refresh(retry = false): Promise<AuthResult | null> {
    refreshing ??= postRefresh(retry)
      .then((result) => {
        if (result) deps.onRefreshed(result);
        return result;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /** The raw response, after the 401 handling. Streaming calls use this; JSON calls use `request`. */
  async function fetchWithAuth(path: string, options: RequestOptions = {}): Promise<Response> {
    const sentWith = deps.getToken();
    const res = await send(path, options, sentWith);
    if (res.status !== 401 || options.refreshOn401 === false) return res;

    const isRefreshCall = path.split('?')[0] === API.refresh;
    // A 401 that lands after another call already refreshed the token joins that refresh's result.
    const current = deps.getToken();
    if (!isRefreshCall && current && current !== sentWith) return send(path, options, current);
    const result = await refresh(isRefreshCall);
    if (!result) {
      if (options.redirectOnAuthFailure !== false) deps.onAuthFailure(deps.getSearch());
      return res;
    }
    // The refresh that just succeeded is the answer the failing refresh call wanted; a third call would
    // only rotate the cookie again.
    if (isRefreshCall) {
      return new Response(JSON.stringify(result), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return send(path, options, result.token);
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    let res: Response;
    try {
      res = await fetchWithAuth(path, options);
    } catch (cause) {
      throw new ApiError(0, cause instanceof Error ? cause.message : 'Network error');
    }
    if (!res.ok) throw await toError(res);
    if (res.status === 204) return undefined as T;
    const body = await readBody(res);
    if (body === null) throw new ApiError(res.status, 'The server answered with no JSON body');
    return body as T;
  }

  /**
   * A call of the route table by name: its method and path come from the table, `params` fill the path, `query`
   * is appended, `body` is sent as JSON, and the answer is typed by the call's schema. Uploads pass their form in
   * `options.form`; a streaming call uses `callRaw` for the response itself.
   */
  function call<N extends RouteName>(
    name: N,
    ...[args, options]: CallParams<N>
  ): Promise<RouteResult<Routes[N]>> {
    return request(...toRequest(name, args, options));
  }

  /** `call`, answering the raw response (after the 401 handling): for the streaming calls. */
  function callRaw<N extends RouteName>(name: N, ...[args, options]: CallParams<N>): Promise<Response> {
    return fetchWithAuth(...toRequest(name, args, options));
  }

  return { request, fetchWithAuth, refresh, call, callRaw };
}

/** A call's arguments: required when the call has a part the client must send, else optional. */
export type CallParams<N extends RouteName> =
  object extends RouteArgs<Routes[N]>
    ? [args?: RouteArgs<Routes[N]>, options?: CallOptions]
    : [args: RouteArgs<Routes[N]>, options?: CallOptions];

/** What a table call may add to the request: the method and the JSON body come from the table and `args`. */
export type CallOptions = Omit<RequestOptions, 'method' | 'json'>;

interface LooseArgs {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
}

function toRequest(name: RouteName, typed: unknown, options: CallOptions = {}): [string, RequestOptions] {
  // The table typed `args` at the call site; here only its three parts matter.
  const args = typed as LooseArgs | undefined;
  const url = routeUrl(name, args?.params, args?.query);
  const method = methodOf(name);
  return [url, { ...options, method, ...(args?.body === undefined ? {} : { json: args.body }) }];
}

export type ApiClient = ReturnType<typeof createApiClient>;
