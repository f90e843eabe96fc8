import { describe, expect, it } from 'vitest';
import { readAuthResult, readUser } from './auth-result';

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
