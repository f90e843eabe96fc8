/**
 * The paragraphs of a long page that mention what the model is looking for, in page order, within `maxChars`:
 * the first paragraph (what the page is) and then those naming the most of the query's words. Null when no
 * paragraph names any, so the caller keeps the page's start instead.
 */
export function focusOnQuery(text: string, query: string, maxChars: number): string | null {
  const words = query
    .toLowerCase()
    .split(/[\s,.;:!?，。；：！？、"'()]+/)
    .filter((w) => w.length > 1 || /[^\p{ASCII}]/u.test(w));
  if (words.length === 0) return null;
  const paragraphs = text.split('\n\n');
  const score = (p: string) => {
    const lower = p.toLowerCase();
    return words.filter((w) => lower.includes(w)).length;
  };
  const ranked = paragraphs
    .map((p, index) => ({ index, score: score(p) }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  if (ranked.length === 0) return null;
  const kept = new Set<number>();
  let used = 0;
  for (const { index } of [{ index: 0 }, ...ranked]) {
    const length = paragraphs[index]!.length + 2;
    if (kept.has(index) || used + length > maxChars) continue;
    kept.add(index);
    used += length;
  }
  if (kept.size <= 1 && !ranked.some((p) => kept.has(p.index))) return null;
  // A gap in the page shows as […], so the model knows the paragraphs around it were left out.
  const parts: string[] = [];
  let last = -1;
  for (const index of [...kept].sort((a, b) => a - b)) {
    if (index !== last + 1) parts.push('[…]');
    parts.push(paragraphs[index]!);
    last = index;
  }
  if (last !== paragraphs.length - 1) parts.push('[…]');
  return parts.join('\n\n');
}
