import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { inviteVerdict } from './invite-verdict';

const pending = { status: 'pending' as const, error: null };

describe('inviteVerdict', () => {
  it('waits for the check of a word that can be a code', () => {
    expect(inviteVerdict('aB3_-x9Z', pending)).toBe('checking');
  });

  it.each(['a.b', '邀请码', 'x'.repeat(65), ''])('never asks about %j: it is not found', (code) => {
    expect(inviteVerdict(code, pending)).toBe('not-found');
  });

  it('goes to sign-up for a code the server knows', () => {
    expect(inviteVerdict('aB3_-x9Z', { status: 'success', error: null })).toBe('register');
  });

  it.each([404, 400])('shows "Page not found" when the server answers %i', (status) => {
    const error = new ApiError(status, 'Invite code not found');
    expect(inviteVerdict('pricing', { status: 'error', error })).toBe('not-found');
  });

  it.each([
    ['rate limited', new ApiError(429, 'Too many')],
    ['a server error', new ApiError(500, 'boom')],
    ['offline', new TypeError('Failed to fetch')],
  ])('still goes to sign-up when the check fails (%s)', (_case, error) => {
    expect(inviteVerdict('aB3_-x9Z', { status: 'error', error })).toBe('register');
  });
});
