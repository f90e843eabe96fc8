import { describe, expect, it } from 'vitest';
import { countCharacters, nameLongEnough, registerSchema } from './auth.schema';

const form = (name: unknown) => ({
  name,
  email: 'li@example.com',
  password: 'password123',
  confirm_password: 'password123',
});
const nameIssue = (name: unknown) => {
  const result = registerSchema.safeParse(form(name));
  return result.success ? undefined : result.error.issues.find((i) => i.path[0] === 'name')?.message;
};

describe('the name rule (docs/reference/accounts.md (Registration))', () => {
  it('counts characters as a reader does, not UTF-16 units', () => {
    expect(countCharacters('李雷')).toBe(2);
    expect(countCharacters('𠀋')).toBe(1); // outside the BMP: two UTF-16 units
    expect(countCharacters('👩‍👩‍👧')).toBe(1);
    expect(countCharacters('e\u0301')).toBe(1);
  });

  it.each(['李雷', 'Al', 'Bo', '𠀋𠀋', '雷', '𠀋', 'Ada Lovelace'])('accepts %s', (name) => {
    expect(nameLongEnough(name)).toBe(true);
    expect(nameIssue(name)).toBeUndefined();
  });

  it.each(['A', 'é', '1', '👩‍👩‍👧', 'ㄱ', 'あ'])('refuses the one non-ideograph %s as too short', (name) => {
    expect(nameLongEnough(name)).toBe(false);
    expect(nameIssue(name)).toBe('com_auth_name_min_length');
  });

  it('refuses a blank name as missing, and trims before counting', () => {
    expect(nameIssue('')).toBe('com_auth_name_required');
    expect(nameIssue('   ')).toBe('com_auth_name_required');
    expect(nameIssue(' A ')).toBe('com_auth_name_min_length');
    expect(registerSchema.parse(form(' 李雷 ')).name).toBe('李雷');
  });

  it('the upper bound counts characters too: 79 ideographs outside the BMP pass, 80 do not', () => {
    expect(nameIssue('𠀋'.repeat(79))).toBeUndefined();
    expect(nameIssue('𠀋'.repeat(80))).toBe('com_auth_name_max_length');
  });
});
