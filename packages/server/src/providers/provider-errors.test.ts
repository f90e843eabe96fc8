import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { OutboundRefusedError } from '../lib/outbound/address-policy';
import { mapProviderError, UserURLFailure } from './provider-errors';

const callError = (statusCode: number, body: unknown) =>
  new APICallError({
    message: 'failed',
    url: 'https://x',
    requestBodyValues: {},
    statusCode,
    responseBody: JSON.stringify(body),
  });

describe('mapProviderError', () => {
  it('maps 401 to invalid_api_key', () => {
    const error = callError(401, { error: { message: 'Incorrect API key', code: 'invalid_api_key' } });
    expect(mapProviderError(error)).toEqual({
      code: 'invalid_api_key',
      status: 401,
      message: 'Incorrect API key',
    });
  });

  it('tells a spent quota from a rate limit on 429, for each provider shape', () => {
    const openAI = callError(429, {
      error: { code: 'insufficient_quota', type: 'insufficient_quota', message: 'q' },
    });
    expect(mapProviderError(openAI).code).toBe('insufficient_quota');
    const google = callError(429, {
      error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'You exceeded your current quota' },
    });
    expect(mapProviderError(google).code).toBe('insufficient_quota');
    const limit = callError(429, {
      type: 'error',
      error: { type: 'rate_limit_error', message: 'Rate limit reached' },
    });
    expect(mapProviderError(limit)).toMatchObject({ code: 'rate_limited', status: 429 });
  });

  it('maps content-policy refusals to moderation', () => {
    expect(
      mapProviderError(callError(400, { error: { code: 'content_policy_violation', message: 'no' } })).code,
    ).toBe('moderation');
    expect(mapProviderError(callError(400, { error: { code: 'content_filter', message: 'no' } })).code).toBe(
      'moderation',
    );
  });

  it('unwraps retry errors and maps anything else to upstream_error', () => {
    const last = callError(500, { error: { message: 'boom' } });
    const retry = new RetryError({ message: 'retried', reason: 'maxRetriesExceeded', errors: [last] });
    expect(mapProviderError(retry)).toEqual({ code: 'upstream_error', status: 500, message: 'boom' });
    expect(mapProviderError(new Error('socket hang up'))).toEqual({
      code: 'upstream_error',
      message: 'socket hang up',
    });
  });

  it("answers a refused user URL's own reason, however deep it is wrapped", () => {
    const refused = new OutboundRefusedError('api.example.com resolves to a loopback address');
    const wrapped = new Error('stream failed', { cause: new Error('fetch', { cause: refused }) });
    expect(mapProviderError(wrapped)).toEqual({
      code: 'upstream_error',
      message: 'api.example.com resolves to a loopback address',
    });
  });

  it("maps a user-given endpoint's failure by its status and words, but shows none of its text", () => {
    const error = callError(401, {
      error: { message: 'admin console: wrong token for 10.0.0.5', code: 'invalid_api_key' },
    });
    expect(mapProviderError(new UserURLFailure(error))).toEqual({
      code: 'invalid_api_key',
      status: 401,
      message: 'The endpoint answered HTTP 401',
    });
    expect(mapProviderError(new UserURLFailure(new Error('internal text')))).toEqual({
      code: 'upstream_error',
      message: 'The endpoint reported an error',
    });
  });

  it("keeps the connection's own words for a user-given endpoint that could not be reached", () => {
    const unreachable = new APICallError({
      message: 'Cannot connect to API: connect ECONNREFUSED 203.0.113.9:443',
      url: 'https://x',
      requestBodyValues: {},
    });
    expect(mapProviderError(new UserURLFailure(unreachable)).message).toBe(
      'Cannot connect to API: connect ECONNREFUSED 203.0.113.9:443',
    );
  });
});
