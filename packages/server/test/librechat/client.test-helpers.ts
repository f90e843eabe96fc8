import { REFRESH_COOKIE } from '@parley/shared';

// The LibreChat v0.6.10 web client's request layer, as far as the wire goes: the bearer token, the refresh cookie,
// and the retry after a 401 with its queue of calls waiting on one refresh. Written here from the client's
// documented behaviour (docs/reference/librechat-clients.md); its chat (payloads and stream reading) is in
// client-chat.test-helpers.ts.

/** What axios rejects with on a non-2xx answer: the status and the body as the client sees it. */
export class ClientHttpError extends Error {
  constructor(
    readonly status: number,
    readonly data: unknown,
    readonly url: string,
  ) {
    super(`${status} from ${url}`);
  }
}

interface Waiting {
  resolve: (token: string | null) => void;
  reject: (error: unknown) => void;
}

/** The parsed body: JSON when it is JSON, else the text (as axios does). */
export function bodyOf(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface ClientRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The body as the client passes it to axios; `undefined` sends none. */
  body?: unknown;
  retried?: boolean;
}

/**
 * The client's request layer: every call carries the bearer token once it has one and the refresh cookie (the
 * browser sends it); a 401 refreshes the token once and retries, calls failing while a refresh is in flight wait for
 * that refresh, and a refresh without a token sends the tab to /login.
 */
export class LibreChatClient {
  token: string | null = null;
  /** The refresh cookie the browser holds for the server's origin. */
  cookie: string | null = null;
  /** Where the client sent the tab (`window.location.href` or its router), last first. */
  readonly navigations: string[] = [];
  /** Every call that went out, in order: `METHOD /path`. */
  readonly sent: string[] = [];
  private refreshing = false;
  private queue: Waiting[] = [];

  constructor(readonly base: string) {}

  private keepCookie(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (pair.slice(0, eq).trim() !== REFRESH_COOKIE) continue;
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (a) =>
          /^\s*max-age=0\s*$/i.test(a) ||
          (/^\s*expires=/i.test(a) && Date.parse(a.split('=')[1]!) < Date.now()),
      );
      this.cookie = expired || value === '' ? null : value;
    }
  }

  /** One HTTP call as the browser makes it; no retry. */
  async raw(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    this.sent.push(`${method} ${url.split('?')[0]}`);
    const res = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(this.cookie ? { cookie: `${REFRESH_COOKIE}=${this.cookie}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    this.keepCookie(res);
    return res;
  }

  /** axios through the client's interceptor: resolves with the body of a 2xx, else rejects with the status. */
  async request<T = unknown>(call: ClientRequest): Promise<T> {
    const res = await this.raw(call.method, call.url, call.body);
    const data = bodyOf(await res.text());
    if (res.ok) return data as T;
    if (res.status === 401 && !call.retried) return this.afterUnauthorized<T>(call);
    throw new ClientHttpError(res.status, data, call.url);
  }

  /** The interceptor's branch for a first 401: wait for the refresh in flight, or refresh (once) and retry. */
  private async afterUnauthorized<T>(call: ClientRequest): Promise<T> {
    const retry = { ...call, retried: true };
    if (this.refreshing) {
      const token = await new Promise<string | null>((resolve, reject) =>
        this.queue.push({ resolve, reject }),
      );
      this.token = token;
      return this.request<T>(retry);
    }
    this.refreshing = true;
    try {
      // The edge case the client handles: the call that failed was itself the refresh.
      const answer = await this.refresh(call.url.includes('api/auth/refresh'));
      const token = (answer as { token?: string } | null)?.token;
      if (token) {
        this.token = token;
        this.flush(null, token);
        return await this.request<T>(retry);
      }
      this.navigations.unshift('/login');
      return undefined as T;
    } catch (error) {
      this.flush(error, null);
      throw error;
    } finally {
      this.refreshing = false;
    }
  }

  private flush(error: unknown, token: string | null) {
    for (const waiting of this.queue.splice(0)) {
      if (error) waiting.reject(error);
      else waiting.resolve(token);
    }
  }

  /** `POST /api/auth/refresh`, `?retry=true` when the call that failed was the refresh. */
  refresh(retry = false): Promise<unknown> {
    return this.request({ method: 'POST', url: `/api/auth/refresh${retry ? '?retry=true' : ''}` });
  }

  /**
   * What the client does when a tab opens: a silent refresh; with a token it is signed in, without one (or on an
   * error) it goes to /login.
   */
  async start(): Promise<'signed-in' | 'login'> {
    try {
      const answer = (await this.refresh()) as { token?: string } | undefined;
      if (answer?.token) {
        this.token = answer.token;
        return 'signed-in';
      }
    } catch {
      // The client logs the error and goes to the sign-in page.
    }
    this.navigations.unshift('/login');
    return 'login';
  }

  async login(email: string, password: string) {
    const answer = await this.request<{ token: string; user: { id: string } }>({
      method: 'POST',
      url: '/api/auth/login',
      body: { email, password },
    });
    this.token = answer.token;
    return answer;
  }

  get<T = unknown>(url: string) {
    return this.request<T>({ method: 'GET', url });
  }
  post<T = unknown>(url: string, body?: unknown) {
    return this.request<T>({ method: 'POST', url, body });
  }
  put<T = unknown>(url: string, body?: unknown) {
    return this.request<T>({ method: 'PUT', url, body });
  }
  delete<T = unknown>(url: string, body?: unknown) {
    return this.request<T>({ method: 'DELETE', url, body });
  }
}
