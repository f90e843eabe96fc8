import { describe, expect, it } from 'vitest';
import { loginErrorKey } from './errors';

// docs/reference/accounts.md (Signing in): the key is chosen by the status text.
describe('loginErrorKey', () => {
  it.each([
    [429, 'com_auth_error_login_rl'],
    [403, 'com_auth_error_login_ban'],
    [500, 'com_auth_error_login_server'],
    [401, 'com_auth_error_login'],
    ['Request failed with status code 429', 'com_auth_error_login_rl'],
    [undefined, 'com_auth_error_login'],
  ])('%s -> %s', (status, key) => {
    expect(loginErrorKey(status)).toBe(key);
  });
});
