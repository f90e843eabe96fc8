import { describe, expect, it } from 'vitest';
import { replyLanguage, speechTag } from './speech-language';

describe('replyLanguage', () => {
  it('names the language from a script few languages share', () => {
    expect(replyLanguage('这是一个测试。', 'en-US')).toBe('zh-CN');
    expect(replyLanguage('これはテストです。', 'en-US')).toBe('ja-JP');
    expect(replyLanguage('日本語の文章です', 'zh-CN')).toBe('ja-JP');
    expect(replyLanguage('안녕하세요, 반갑습니다', 'en-US')).toBe('ko-KR');
    expect(replyLanguage('مرحبا بالعالم', 'fr-FR')).toBe('ar-EG');
    expect(replyLanguage('Привет, мир', 'en-US')).toBe('ru-RU');
    expect(replyLanguage('Γειά σου κόσμε', 'en-US')).toBe('el-GR');
  });

  it('keeps the interface language when it writes that script (its regional voice)', () => {
    expect(replyLanguage('這是一個測試。', 'zh-TC')).toBe('zh-TW');
    expect(replyLanguage('مرحبا بالعالم', 'ar-EG')).toBe('ar-EG');
    expect(replyLanguage('漢字', 'ja-JP')).toBe('ja-JP');
  });

  it('reads Latin script, digits and a few foreign words in the interface language', () => {
    expect(replyLanguage('Bonjour tout le monde', 'fr-FR')).toBe('fr-FR');
    expect(replyLanguage('Hello world', 'de-DE')).toBe('de-DE');
    expect(replyLanguage('12345 + 678', 'sv-SE')).toBe('sv-SE');
    expect(replyLanguage('The word 你好 means hello in Chinese, as you may know already.', 'en-US')).toBe(
      'en-US',
    );
  });

  it('maps Parley’s zh-TC to the tag voices use', () => {
    expect(speechTag('zh-TC')).toBe('zh-TW');
    expect(speechTag('pt-BR')).toBe('pt-BR');
  });
});
