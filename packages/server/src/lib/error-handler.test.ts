import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { errorAnswer } from './error-handler';

const requestLogging = () => {
  const logged: unknown[][] = [];
  const log = { error: (...args: unknown[]) => logged.push(args), warn: () => {} };
  return { request: { log } as unknown as FastifyRequest, logged };
};

describe('errorAnswer', () => {
  it('logs the cause of a server-side AppError, and sends only its message', () => {
    const { request, logged } = requestLogging();
    const cause = new Error('ACQ.INVALID_PARAMETER: app_id');
    const answer = errorAnswer(
      new AppError('BAD_GATEWAY', 'The provider failed', undefined, { cause }),
      request,
    );
    expect(answer).toMatchObject({
      status: 502,
      body: { code: 'BAD_GATEWAY', message: 'The provider failed' },
    });
    expect(JSON.stringify(answer.body)).not.toContain('ACQ');
    expect(logged).toEqual([[{ err: cause }, 'The provider failed']]);
  });

  it('logs no client error', () => {
    const { request, logged } = requestLogging();
    errorAnswer(new AppError('VALIDATION', 'Bad', undefined, { cause: new Error('x') }), request);
    expect(logged).toEqual([]);
  });
});
