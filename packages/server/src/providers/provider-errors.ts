import { APICallError, RetryError } from 'ai';
import { OutboundRefusedError } from '../lib/outbound/address-policy';

export type ProviderErrorCode =
  'invalid_api_key' | 'insufficient_quota' | 'moderation' | 'rate_limited' | 'upstream_error';

/** A provider failure in the send-error terms of docs/reference/chat.md (Send errors). */
export interface ProviderError {
  code: ProviderErrorCode;
  status?: number;
  message: string;
}

const QUOTA = /quota|billing|credit|insufficient_funds/i;
const MODERATION = /content_policy|content_filter|moderation|content (management )?policy|flagged|safety/i;
const AUTH = /invalid_api_key|authentication|unauthenticated|incorrect api key|api key not valid/i;

/**
 * Maps an AI SDK error to a send-error code from the HTTP status and the provider's error body, which differ
 * by provider: OpenAI/Azure `{error:{code,type,message}}`, Anthropic `{type:'error',error:{type,message}}`,
 * Gemini `{error:{code,status,message}}`. 401 (or an authentication error type) is a bad key; 429 is a spent
 * quota when the body speaks of quota, billing or credit, else a rate limit; a content-policy or filter
 * refusal is moderation; anything else is an upstream error.
 */
export function mapProviderError(error: unknown): ProviderError {
  // A user-given URL the guard refused (lib/outbound): its message says why and names no upstream text.
  const refused = findInChain(error, (e) => e instanceof OutboundRefusedError);
  if (refused) return { code: 'upstream_error', message: (refused as OutboundRefusedError).message };
  const mapped = mapUpstreamError(error);
  if (!findInChain(error, (e) => e instanceof UserURLFailure) || isConnectionFailure(error)) return mapped;
  // The endpoint's URL is the user's: what it said may be a local service's text, so only its status is told.
  const generic = mapped.status
    ? `The endpoint answered HTTP ${mapped.status}`
    : 'The endpoint reported an error';
  return { ...mapped, message: generic };
}

/**
 * A failure of an endpoint whose base URL the user gave (registry.ts marks them): mapped as usual, but any text
 * the endpoint wrote (an error body, an error frame in the stream) is not shown to the user.
 */
export class UserURLFailure extends Error {
  constructor(cause: unknown) {
    super('The endpoint failed', { cause });
    this.name = 'UserURLFailure';
  }
}

/** The AI SDK's "Cannot connect to API": Node's words about the connection, none from the endpoint. */
function isConnectionFailure(error: unknown): boolean {
  const call = findCallError(error);
  return call !== undefined && call.statusCode === undefined && call.responseBody === undefined;
}

function mapUpstreamError(error: unknown): ProviderError {
  const call = findCallError(error);
  if (!call) {
    const message = error instanceof Error ? error.message : String(error);
    return { code: 'upstream_error', message };
  }
  const status = call.statusCode;
  const { code, message } = describeBody(call);
  const text = `${code} ${message}`;
  const result = (c: ProviderErrorCode): ProviderError => ({
    code: c,
    ...(status ? { status } : {}),
    message,
  });
  if (status === 401 || AUTH.test(code)) return result('invalid_api_key');
  if (MODERATION.test(text)) return result('moderation');
  if (status === 429 || /rate_limit|resource_exhausted/i.test(code)) {
    return result(QUOTA.test(text) ? 'insufficient_quota' : 'rate_limited');
  }
  if (QUOTA.test(code)) return result('insufficient_quota');
  return result('upstream_error');
}

function findCallError(error: unknown): APICallError | undefined {
  return findInChain(error, (e) => APICallError.isInstance(e)) as APICallError | undefined;
}

/** The first error in the cause chain (through retries) that `test` accepts. */
function findInChain(error: unknown, test: (e: unknown) => boolean): unknown {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (test(current)) return current;
    if (RetryError.isInstance(current)) current = current.lastError;
    else current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The provider's error code/type words and message, read from `data` or the raw body. */
function describeBody(call: APICallError): { code: string; message: string } {
  let body: unknown = call.data;
  if (body === undefined && call.responseBody) {
    try {
      body = JSON.parse(call.responseBody);
    } catch {
      body = undefined;
    }
  }
  const inner = (body as { error?: unknown } | undefined)?.error;
  const e = (inner && typeof inner === 'object' ? inner : body) as Record<string, unknown> | undefined;
  const words = [e?.code, e?.type, e?.status].filter((w) => typeof w === 'string').join(' ');
  const message = typeof e?.message === 'string' ? e.message : call.message;
  return { code: words, message };
}
