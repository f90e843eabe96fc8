import { describe, expect, it } from 'vitest';
import { loginFieldTexts } from './login-field';

describe('login field texts', () => {
  it('says e-mail where nobody signs in by phone', () => {
    const field = loginFieldTexts(false);
    expect([field.label, field.placeholder]).toEqual(['com_auth_email', 'com_auth_email_placeholder']);
    expect(field.message('com_auth_email_required')).toBe('com_auth_email_required');
  });

  it('says e-mail or phone where phones sign in, down to the field messages', () => {
    const field = loginFieldTexts(true);
    expect([field.label, field.placeholder]).toEqual([
      'com_auth_email_or_phone',
      'com_auth_email_or_phone_placeholder',
    ]);
    expect(field.message('com_auth_email_required')).toBe('com_auth_email_or_phone_required');
    expect(field.message('com_auth_email_login_min_length')).toBe('com_auth_email_or_phone_min_length');
    expect(field.message('com_auth_email_max_length')).toBe('com_auth_email_or_phone_max_length');
    expect(field.message('Some server text')).toBe('Some server text');
    expect(field.message(undefined)).toBeUndefined();
  });
});
