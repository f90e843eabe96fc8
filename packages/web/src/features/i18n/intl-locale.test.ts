import { describe, expect, it } from 'vitest';
import { intlLocale } from './intl-locale';

describe('intlLocale', () => {
  it('formats Traditional Chinese as Taiwan does', () => {
    const date = new Date(Date.UTC(2026, 11, 5, 12));
    const format = (lng: string) =>
      new Intl.DateTimeFormat(intlLocale(lng), { weekday: 'long', timeZone: 'UTC' }).format(date);
    expect(format('zh-TC')).toBe('星期六');
    expect(
      new Intl.DateTimeFormat(intlLocale('zh-TC'), { month: 'long', timeZone: 'UTC' }).resolvedOptions()
        .locale,
    ).toMatch(/^zh-(Hant-)?TW/);
  });

  it('writes Arabic numbers with Western digits, grouped as Egypt does', () => {
    expect(new Intl.NumberFormat(intlLocale('ar-EG')).format(1234.5)).toBe('1,234.5');
    expect(new Intl.NumberFormat('ar-EG').format(1234.5)).not.toBe('1,234.5');
  });

  it('passes other languages through, with en-US when none is set', () => {
    expect(intlLocale('de-DE')).toBe('de-DE');
    expect(intlLocale(undefined)).toBe('en-US');
    expect(new Intl.NumberFormat(intlLocale('de-DE')).format(1234.5)).toBe('1.234,5');
  });
});
