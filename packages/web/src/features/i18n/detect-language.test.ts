import { describe, expect, it } from 'vitest';
import { detectLanguage, matchLanguage } from './detect-language';

describe('detectLanguage', () => {
  it('prefers the stored language', () => {
    expect(detectLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
  });

  it('uses the browser languages when nothing (or auto) is stored', () => {
    expect(detectLanguage(null, ['xx', 'zh-CN', 'en-US'])).toBe('zh-CN');
    expect(detectLanguage('auto', ['de'])).toBe('de-DE');
  });

  it('falls back to en-US', () => {
    expect(detectLanguage('klingon', ['tlh'])).toBe('en-US');
    expect(detectLanguage(null, [])).toBe('en-US');
  });

  it('maps Chinese variants by script', () => {
    expect(matchLanguage('zh')).toBe('zh-CN');
    expect(matchLanguage('zh-Hans-CN')).toBe('zh-CN');
    expect(matchLanguage('zh-TW')).toBe('zh-TC');
    expect(matchLanguage('zh-Hant-HK')).toBe('zh-TC');
    expect(matchLanguage('en-GB')).toBe('en-US');
    expect(matchLanguage('pt')).toBe('pt-BR');
  });
});
