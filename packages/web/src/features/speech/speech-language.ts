/**
 * The language a reply is read in (docs/reference/speech.md (Reading a reply aloud)): its script names it when the
 * script belongs to few languages (Chinese characters, kana, Hangul, Arabic, Cyrillic, …); a Latin-script reply is
 * read in the interface language, since the letters alone cannot tell French from English.
 */

/** Scripts, each with the language it is read in unless the interface language uses that script. */
const SCRIPTS: ReadonlyArray<{ pattern: RegExp; lang: string; uses: (ui: string) => boolean }> = [
  // Kana before Han: Japanese mixes both, Chinese has no kana.
  { pattern: /[\u3040-\u30ff]/gu, lang: 'ja-JP', uses: (ui) => ui.startsWith('ja') },
  { pattern: /\p{Script=Hangul}/gu, lang: 'ko-KR', uses: (ui) => ui.startsWith('ko') },
  { pattern: /\p{Script=Han}/gu, lang: 'zh-CN', uses: (ui) => ui.startsWith('zh') || ui.startsWith('ja') },
  { pattern: /\p{Script=Arabic}/gu, lang: 'ar-EG', uses: (ui) => /^(ar|fa|ur)/.test(ui) },
  { pattern: /\p{Script=Cyrillic}/gu, lang: 'ru-RU', uses: (ui) => /^(ru|uk|bg|sr|be|kk|mk)/.test(ui) },
  { pattern: /\p{Script=Greek}/gu, lang: 'el-GR', uses: (ui) => ui.startsWith('el') },
  { pattern: /\p{Script=Hebrew}/gu, lang: 'he-IL', uses: (ui) => /^(he|iw|yi)/.test(ui) },
  { pattern: /\p{Script=Thai}/gu, lang: 'th-TH', uses: (ui) => ui.startsWith('th') },
  { pattern: /\p{Script=Devanagari}/gu, lang: 'hi-IN', uses: (ui) => /^(hi|mr|ne)/.test(ui) },
];

/** The BCP 47 tag speech engines know for an interface language (Parley's zh-TC is Taiwan's Mandarin). */
export function speechTag(uiLanguage: string): string {
  return uiLanguage === 'zh-TC' ? 'zh-TW' : uiLanguage;
}

/**
 * The language to read `text` in. A script must make up a fifth of the letters to count, so a Chinese name in an
 * English reply does not switch the voice; kana (a twentieth is enough) make Chinese characters Japanese.
 */
export function replyLanguage(text: string, uiLanguage: string): string {
  const ui = speechTag(uiLanguage);
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return ui;
  const share = (pattern: RegExp) => (text.match(pattern)?.length ?? 0) / letters;
  const [kana, ...others] = SCRIPTS;
  let best = kana && share(kana.pattern) >= 0.05 ? kana : null;
  if (best === null) {
    let most = 0.2;
    for (const script of others) {
      const part = share(script.pattern);
      if (part >= most) [best, most] = [script, part];
    }
  }
  if (best === null) return ui;
  return best.uses(ui) ? ui : best.lang;
}
