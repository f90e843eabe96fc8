import { describe, expect, it } from 'vitest';
import { registerLink, registerModeOf } from './register-mode';

describe('register mode', () => {
  it('opens /register as a sign-up unless the code-login link asked for a sign-in', () => {
    expect(registerModeOf(new URLSearchParams(''))).toBe('signup');
    expect(registerModeOf(new URLSearchParams('inviteCode=abc'))).toBe('signup');
    expect(registerModeOf(new URLSearchParams('mode=login&inviteCode=abc'))).toBe('login');
    expect(registerModeOf(new URLSearchParams('mode=other'))).toBe('signup');
  });

  it("keeps the login page's query string in both links", () => {
    expect(registerLink('', 'signup')).toBe('/register');
    expect(registerLink('', 'login')).toBe('/register?mode=login');
    expect(registerLink('?inviteCode=abc', 'login')).toBe('/register?inviteCode=abc&mode=login');
    expect(registerLink('?inviteCode=abc&mode=login', 'signup')).toBe('/register?inviteCode=abc');
  });
});
