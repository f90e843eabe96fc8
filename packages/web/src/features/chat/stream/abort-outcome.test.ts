import { describe, expect, it } from 'vitest';
import { abortFailure, abortOutcome } from './abort-outcome';
import { testFinal } from './stream.test-helpers';

describe('abortOutcome', () => {
  it('404 ends the submission, 204 does nothing', () => {
    expect(abortOutcome(404, 'Not Found', { code: 'NOT_FOUND' })).toEqual({ kind: 'ended' });
    expect(abortOutcome(204, 'No Content', null)).toEqual({ kind: 'nothing' });
  });

  it('a JSON final finalises', () => {
    const final = testFinal({ unfinished: true });
    expect(abortOutcome(200, 'OK', final)).toEqual({ kind: 'final', event: final });
  });

  it('anything else is the unexpected-response error with status and text', () => {
    for (const [status, body] of [
      [500, { code: 'INTERNAL' }],
      [200, { ok: true }],
      [502, null],
    ] as const) {
      const outcome = abortOutcome(status, 'Bad', body);
      expect(outcome.kind).toBe('failed');
      if (outcome.kind === 'failed') {
        expect(JSON.parse(outcome.errorText)).toEqual({
          type: 'unexpected_abort_response',
          status,
          text: 'Bad',
        });
      }
    }
  });
});

describe('abortFailure', () => {
  it('keeps partial text over 45 characters', () => {
    expect(abortFailure('x'.repeat(46), 'boom')).toEqual({ keep: true });
  });

  it('otherwise shows the error text, or Error cancelling request', () => {
    expect(abortFailure('x'.repeat(45), 'boom')).toEqual({ keep: false, errorText: 'boom' });
    expect(abortFailure('', undefined)).toEqual({ keep: false, errorText: '{"type":"cancel_failed"}' });
  });
});
