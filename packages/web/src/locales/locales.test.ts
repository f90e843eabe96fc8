import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, loginErrorKey, VALIDATION_TEXT_EN } from '@parley/shared';
import { catalogueFragments, fullCatalogue, lazyCatalogueFragments } from './catalogues';

// Every source file of the app, as text (Vite's glob works under Vitest too; no Node APIs needed).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const KEY_LITERAL = /['"`](com_[A-Za-z0-9_]+)['"`]/g;
const en = fullCatalogue('en-US');
const zh = fullCatalogue('zh-CN');

describe('locales', () => {
  it('en-US and zh-CN hold the same keys', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it('defines each key once across the base file and the area fragments', () => {
    for (const lang of ['en-US', 'zh-CN']) {
      const seen = new Map<string, string>();
      const clashes: string[] = [];
      for (const [file, part] of [...catalogueFragments(lang), ...lazyCatalogueFragments(lang)]) {
        for (const key of Object.keys(part)) {
          if (seen.has(key)) clashes.push(`${file}: ${key} (also in ${seen.get(key)})`);
          seen.set(key, file);
        }
      }
      expect(clashes).toEqual([]);
    }
  });

  it('has no empty texts', () => {
    for (const catalogue of [en, zh]) {
      expect(Object.entries(catalogue).filter(([, text]) => !text.trim())).toEqual([]);
    }
  });

  it('holds every com_ key literal used in src', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const match of text.matchAll(KEY_LITERAL)) used.add(match[1]!);
    }
    expect([...used].filter((key) => !(key in en))).toEqual([]);
  });

  it('uses the shared English text for every validation key', () => {
    for (const [key, text] of Object.entries(VALIDATION_TEXT_EN)) expect(en[key]).toBe(text);
  });

  it('holds the four login error messages', () => {
    for (const status of [429, 403, 500, 401]) expect(en[loginErrorKey(status)]).toBeTruthy();
  });

  it('says what the server says for the messages both sides have', () => {
    expect(en.com_auth_error_login).toBe(AUTH_MESSAGES.loginFailed);
    expect(en.com_auth_error_login_rl).toBe(AUTH_MESSAGES.loginRateLimited);
    expect(en.com_auth_error_login_ban).toBe(AUTH_MESSAGES.banned);
    expect(en.com_auth_email_taken).toBe(AUTH_MESSAGES.emailTaken);
    expect(en.com_auth_username_taken).toBe(AUTH_MESSAGES.usernameTaken);
  });
});
