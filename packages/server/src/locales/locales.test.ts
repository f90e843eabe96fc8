import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@parley/shared';
import { SERVER_CATALOGUES, serverText } from './index';
import { mailLanguage, resetMail } from '../features/email/mail-texts';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('server catalogues', () => {
  const english = SERVER_CATALOGUES['en-US'];

  it.each(LANGUAGES)('%s has every key of en-US with its placeholders, and no other', (lang) => {
    const catalogue = SERVER_CATALOGUES[lang];
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(catalogue)) {
      expect(text.trim(), `${lang} ${key}`).not.toBe('');
      expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(english[key]!));
    }
  });

  it('fills placeholders and falls back to English for a key a language lacks', () => {
    expect(serverText('de-DE', 'mail_hello', { name: 'Ada' })).toContain('Ada');
    expect(serverText('de-DE', 'mail_hello', { name: 'Ada' })).not.toBe(
      serverText('en-US', 'mail_hello', { name: 'Ada' }),
    );
    expect(serverText('ja-JP', 'no_such_key')).toBe('no_such_key');
  });

  it('writes a mail in the first language of Accept-Language that Parley speaks', () => {
    expect(mailLanguage('zh-TW,zh;q=0.9')).toBe('zh-TC');
    expect(mailLanguage('xx, fr-CA;q=0.8, de;q=0.9')).toBe('de-DE');
    expect(mailLanguage(undefined)).toBe('en-US');
    const mail = resetMail(mailLanguage('ar-EG'), 'Parley', 'a@b.c', 'Ada', 'https://x/reset?t=1');
    expect(mail.subject).toBe(serverText('ar-EG', 'mail_reset_subject', { appTitle: 'Parley' }));
    expect(mail.subject).not.toBe(serverText('en-US', 'mail_reset_subject', { appTitle: 'Parley' }));
    expect(mail.text).toContain('https://x/reset?t=1');
    expect(mail.html).toContain('dir="rtl"');
  });
});
