import type { ActionTokenExchangeMethod } from '@parley/shared';
import { readCapped } from './action-response';

/** What a token URL answered, as RFC 6749 names it. */
export interface TokenAnswer {
  access_token: string;
  refresh_token?: string;
  token_type?: string;
  scope?: string;
  /** Seconds the access token lives, when the provider says. */
  expires_in?: number;
}

/** Why the token URL did not give tokens; its words are safe to show (never the provider's body). */
export class TokenExchangeError extends Error {
  override name = 'TokenExchangeError';
  constructor(
    message: string,
    /** The provider refused the grant itself (a 400 or 401): a used code, a revoked refresh token. */
    readonly refused: boolean,
  ) {
    super(message);
  }
}

export interface TokenRequest {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  method: ActionTokenExchangeMethod;
  /** The grant's own fields: `grant_type`, `code` and `redirect_uri`, or `grant_type` and `refresh_token`. */
  grant: Record<string, string>;
  signal?: AbortSignal;
}

const MAX_ANSWER_BYTES = 64 * 1024;
/** A token URL that has not answered within this long is given up on. */
export const TOKEN_EXCHANGE_TIMEOUT_MS = 15_000;

/** RFC 6749's form encoding of the client's id and secret inside a Basic header. */
const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

/**
 * Asks the token URL for tokens by POSTing a form, through the guarded fetch: the client's id and secret go in the
 * form (`default_post`) or in an HTTP Basic header (`basic_auth_header`). Reads a JSON answer, or a form-encoded one
 * from providers that answer so. Throws TokenExchangeError.
 */
export async function requestTokens(guardedFetch: typeof fetch, request: TokenRequest): Promise<TokenAnswer> {
  const form = new URLSearchParams(request.grant);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (request.method === 'basic_auth_header') {
    const pair = `${formEncode(request.clientId)}:${formEncode(request.clientSecret)}`;
    headers['authorization'] = `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
  } else {
    form.set('client_id', request.clientId);
    form.set('client_secret', request.clientSecret);
  }
  const timeout = AbortSignal.any([
    ...(request.signal ? [request.signal] : []),
    timeoutSignal(TOKEN_EXCHANGE_TIMEOUT_MS),
  ]);
  let res: Response;
  try {
    res = await guardedFetch(request.tokenUrl, {
      method: 'POST',
      headers,
      body: form.toString(),
      signal: timeout,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new TokenExchangeError(`The token URL could not be reached: ${(error as Error).message}`, false);
  }
  const body = await readCapped(res, MAX_ANSWER_BYTES);
  if (!res.ok) {
    throw new TokenExchangeError(
      `The token URL answered HTTP ${res.status}`,
      res.status === 400 || res.status === 401,
    );
  }
  return parseAnswer(new TextDecoder().decode(body.bytes), res.headers.get('content-type'));
}

function parseAnswer(text: string, contentType: string | null): TokenAnswer {
  let fields: Record<string, unknown>;
  try {
    fields = /x-www-form-urlencoded/i.test(contentType ?? '')
      ? Object.fromEntries(new URLSearchParams(text))
      : (JSON.parse(text) as Record<string, unknown>);
  } catch {
    throw new TokenExchangeError('The token URL answered something that is not JSON', false);
  }
  const token = fields?.['access_token'];
  if (typeof token !== 'string' || token === '') {
    const refused = typeof fields?.['error'] === 'string';
    throw new TokenExchangeError('The token URL gave no access token', refused);
  }
  const text_ = (key: string) =>
    typeof fields[key] === 'string' && fields[key] !== '' ? (fields[key] as string) : undefined;
  const lifetime = Number(fields['expires_in']);
  return {
    access_token: token,
    ...(text_('refresh_token') ? { refresh_token: text_('refresh_token')! } : {}),
    ...(text_('token_type') ? { token_type: text_('token_type')! } : {}),
    ...(text_('scope') ? { scope: text_('scope')! } : {}),
    ...(Number.isFinite(lifetime) && lifetime > 0 ? { expires_in: lifetime } : {}),
  };
}

/** A timer of this process (not AbortSignal.timeout), so the limit follows the clock tests move. */
function timeoutSignal(ms: number): AbortSignal {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${ms / 1000} s`)), ms);
  timer.unref?.();
  return controller.signal;
}
