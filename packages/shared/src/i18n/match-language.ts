import { LANGUAGES, type Language } from '../constants';

/**
 * Maps a BCP 47 tag (from storage, the browser or an Accept-Language header) to one of the 18 interface languages,
 * if any fits. Traditional-script Chinese (zh-TW, zh-HK, zh-MO, zh-Hant) goes to zh-TC, other Chinese to zh-CN.
 */
export function matchLanguage(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  if (lower === 'zh' || lower.startsWith('zh-')) {
    return /-(hant|tw|hk|mo)\b/.test(lower) ? 'zh-TC' : 'zh-CN';
  }
  const primary = lower.split('-')[0];
  return LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === primary) ?? null;
}

/** The first language of an Accept-Language header (in its q order) that Parley speaks, else en-US. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  const tags = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of tags) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return 'en-US';
}
