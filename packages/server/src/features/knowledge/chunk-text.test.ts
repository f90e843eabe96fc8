import { describe, expect, it } from 'vitest';
import { documentTerms } from '../search/search-tokens';
import { chunkSections, chunkSectionsInSlices } from './chunk-text';

const sizeOf = (t: string) => [...t].reduce((n, c) => n + (/\p{Script=Han}/u.test(c) ? 2 : 1), 0);
const hasLoneSurrogate = (t: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(t);

function englishText(sentences: number): string {
  const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];
  return Array.from({ length: sentences }, (_, i) => {
    const body = Array.from({ length: 6 + (i % 7) }, (_, j) => `${words[(i + j) % words.length]}${i}`).join(
      ' ',
    );
    return `${body[0]!.toUpperCase()}${body.slice(1)}.${i % 5 === 4 ? '\n\n' : ' '}`;
  }).join('');
}

describe('chunkSections', () => {
  it('joins short sections up to the size, spans their places, skips empty ones and squeezes blanks', () => {
    const chunks = chunkSections(
      [
        { text: '  First   page\r\n\r\n\r\n\r\ntext.  ', where: 'page 1' },
        { text: ' \n\t ', where: 'page 2' },
        { text: 'Second page.', where: 'page 3' },
        { text: 'x'.repeat(70), where: 'page 4' },
        { text: 'Tail without a place.' },
      ],
      { maxSize: 100, overlap: 10 },
    );
    expect(chunks).toEqual([
      { text: 'First page\n\ntext.\n\nSecond page.', where: 'page 1 – page 3' },
      { text: `${'x'.repeat(70)}\n\nTail without a place.`, where: 'page 4' },
    ]);
  });

  it('cuts long English text at sentence ends within the size, overlapping whole words, covering every word', () => {
    const text = englishText(120);
    const chunks = chunkSections([{ text, where: 'Sheet1' }], { maxSize: 400, overlap: 60 });
    expect(chunks.length).toBeGreaterThan(10);
    const sourceWords = new Set(
      text
        .trim()
        .split(/\s+/)
        .map((w) => w.replace(/\.$/, '')),
    );
    const seen = new Set<string>();
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.where).toBe('Sheet1');
      expect(sizeOf(chunk.text)).toBeLessThanOrEqual(400);
      for (const w of chunk.text.split(/\s+/)) {
        // Every word in a passage is whole: a word of the source, not a piece of one.
        expect(sourceWords.has(w.replace(/\.$/, ''))).toBe(true);
        seen.add(w.replace(/\.$/, ''));
      }
      if (i < chunks.length - 1) {
        expect(chunk.text).toMatch(/\.$/);
        // The next passage starts with the end of this one (whole words, at most the overlap).
        const next = chunks[i + 1]!.text;
        let shared = 0;
        for (let k = 1; k <= Math.min(next.length, 60); k += 1)
          if (chunk.text.endsWith(next.slice(0, k))) shared = k;
        expect(shared).toBeGreaterThan(5);
        expect(next.slice(0, shared)).toMatch(/^[A-Za-z]+\d+\.?(?: [A-Za-z]+\d+\.?)*$/);
      }
    }
    expect(seen).toEqual(sourceWords);
  });

  it('cuts unpunctuated Chinese so every character pair of the text is inside some passage', () => {
    const han = '天气数据模型代码函数系统用户服务网络性能内存搜索索引查询结果错误版本更新安装配置环境';
    const text = Array.from({ length: 200 }, (_, i) => han[(i * 7) % han.length])
      .join('')
      .repeat(5);
    const chunks = chunkSections([{ text }], { maxSize: 120, overlap: 10 });
    expect(chunks.length).toBeGreaterThan(10);
    for (const c of chunks) expect(sizeOf(c.text)).toBeLessThanOrEqual(120);
    const indexed = new Set(chunks.flatMap((c) => documentTerms(c.text)));
    const chars = [...text];
    for (let i = 0; i + 1 < chars.length; i += 1) expect(indexed.has(chars[i]! + chars[i + 1]!)).toBe(true);
  });

  it('prefers a Chinese sentence end, and counts a CJK character as two', () => {
    const sentence = '今天天气很好，我们去公园散步。';
    const chunks = chunkSections([{ text: sentence.repeat(10) }], { maxSize: 100, overlap: 0 });
    // 15 characters = 30 units a sentence: three sentences fit in 100.
    expect(chunks[0]!.text).toBe(sentence.repeat(3));
    expect(chunks.every((c) => c.text.endsWith('。'))).toBe(true);
    expect(chunks.map((c) => c.text).join('')).toBe(sentence.repeat(10));
  });

  it('never splits a character made of two UTF-16 units, and always moves on through text with no breaks', () => {
    const text = '𠀀😀a'.repeat(500);
    const chunks = chunkSections([{ text }], { maxSize: 50, overlap: 20 });
    for (const c of chunks) {
      expect(hasLoneSurrogate(c.text)).toBe(false);
      expect(sizeOf(c.text)).toBeLessThanOrEqual(50);
    }
    expect(chunks.at(-1)!.text.endsWith('😀a')).toBe(true);
    const noSpaces = 'q'.repeat(10_000);
    const pieces = chunkSections([{ text: noSpaces }], { maxSize: 1000, overlap: 100 });
    // One "word" of 10,000 letters: cut every 1,000, with no overlap (it would start inside the word).
    expect(pieces.map((p) => p.text.length)).toEqual(Array(10).fill(1000));
  });

  it('turns control characters (NUL, which PostgreSQL cannot store, among them) into blanks', () => {
    expect(chunkSections([{ text: 'a\u0000b\u0007c\td\u001fe\u007ff' }])).toEqual([{ text: 'a b c d e f' }]);
  });

  it('answers nothing for nothing', () => {
    expect(chunkSections([])).toEqual([]);
    expect(chunkSections([{ text: '   \n\n ' }])).toEqual([]);
  });
});

describe('chunkSectionsInSlices', () => {
  const pages = Array.from({ length: 40 }, (_, i) => ({
    text: `Page ${i} says something. `.repeat(30 + (i % 7) * 20),
    where: `page ${i + 1}`,
  }));

  it('cuts exactly as chunkSections does', async () => {
    const options = { maxSize: 700, overlap: 50 };
    expect(await chunkSectionsInSlices(pages, options)).toEqual(chunkSections(pages, options));
  });

  it('lets the event loop run between slices of sections', async () => {
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      ticks += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    await chunkSectionsInSlices(pages);
    ticking = false;
    // 40 sections, a pause every 4: nine pauses, each letting the ticker run once.
    expect(ticks).toBeGreaterThanOrEqual(9);
  });
});
