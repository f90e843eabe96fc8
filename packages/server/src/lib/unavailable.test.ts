import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { AppError } from './app-error';
import { registerErrorHandler } from './error-handler';
import { retryWhileUnavailable, toUnavailableError, unavailableServiceOf } from './unavailable';

const withCode = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('unavailableServiceOf', () => {
  it.each([
    [withCode('terminating connection due to administrator command', '57P01'), 'database'],
    [withCode('the database system is shutting down', '57P03'), 'database'],
    [withCode('connection failure', '08006'), 'database'],
    [new Error('Connection terminated unexpectedly'), 'database'],
    [new Error('timeout exceeded when trying to connect'), 'database'],
    [withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), 'service'],
    [new AggregateError([withCode('refused', 'ECONNREFUSED')], 'all addresses failed'), 'service'],
    [new Error("Stream isn't writeable and enableOfflineQueue options is false"), 'redis'],
    [
      Object.assign(new Error('Reached the max retries per request limit'), {
        name: 'MaxRetriesPerRequestError',
      }),
      'redis',
    ],
    [new Error('wrapped', { cause: withCode('x', '57P01') }), 'database'],
  ])('%s -> %s', (error, service) => {
    expect(unavailableServiceOf(error)).toBe(service);
  });

  it.each([
    [withCode('duplicate key value violates unique constraint', '23505')],
    [new Error('boom')],
    [new AppError('NOT_FOUND', 'nope')],
    ['a string'],
  ])('%s is an ordinary error', (error) => {
    expect(unavailableServiceOf(error)).toBeNull();
  });
});

describe('retryWhileUnavailable', () => {
  it('tries again while the service is down and answers once it is back', async () => {
    let calls = 0;
    const answer = await retryWhileUnavailable(
      async () => {
        if (++calls < 3) throw withCode('terminating connection', '57P01');
        return 'saved';
      },
      { baseDelayMs: 5 },
    );
    expect(answer).toBe('saved');
    expect(calls).toBe(3);
  });

  it('throws any other error at once', async () => {
    let calls = 0;
    const failing = retryWhileUnavailable(async () => {
      calls++;
      throw new Error('constraint');
    });
    await expect(failing).rejects.toThrow('constraint');
    expect(calls).toBe(1);
  });

  it('gives up after its limit with an UNAVAILABLE error', async () => {
    const failing = retryWhileUnavailable(
      async () => {
        throw new Error('Connection terminated unexpectedly');
      },
      { maxMs: 50, baseDelayMs: 10 },
    );
    await expect(failing).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('the error handler during an outage', () => {
  it('answers 503 with Retry-After in the app error shape', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/x', async () => {
      throw withCode('terminating connection due to administrator command', '57P01');
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      code: 'UNAVAILABLE',
      message: toUnavailableError(withCode('', '57P01'))!.message,
      details: { service: 'database' },
    });
    await app.close();
  });
});
