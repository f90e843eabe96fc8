import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { readAuthResult, readUser, requireAuthResult, requireUser } from './auth-result';

describe('readAuthResult', () => {
  it('accepts a result whose user lacks optional fields', () => {
    const result = readAuthResult({ token: 't', user: { id: 'u1', name: 'Ada', email: 'a@b.co' } });
    expect(result?.user).toMatchObject({ id: 'u1', name: 'Ada', email: 'a@b.co', plugins: [] });
    expect(result?.user).not.toHaveProperty('phone');
  });

  it('rejects bodies without a token or a user id', () => {
    expect(readAuthResult({ token: '', user: { id: 'u1', name: 'Ada' } })).toBeNull();
    expect(readAuthResult({ token: 't', user: { name: 'Ada' } })).toBeNull();
    expect(readAuthResult('<!doctype html>')).toBeNull();
    expect(readUser(null)).toBeNull();
  });
});

describe('requireUser and requireAuthResult', () => {
  it('return what the body holds', () => {
    expect(requireUser({ id: 'u1', name: 'Ada' })).toMatchObject({ id: 'u1', name: 'Ada' });
    expect(requireAuthResult({ token: 't', user: { id: 'u1', name: 'Ada' } }).token).toBe('t');
  });

  it('throw a 500 ApiError for a body without it', () => {
    for (const call of [() => requireUser({ name: 'Ada' }), () => requireAuthResult({ token: '' })]) {
      expect(call).toThrow(ApiError);
      expect(call).toThrow('The server answered with an unexpected body');
    }
    expect(() => requireUser(null)).toThrow(expect.objectContaining({ status: 500 }));
  });
});
