import { describe, expect, it } from 'vitest';
import { formatResults, MAX_OUTPUT_CHARS, type SearchHit } from './format';

const hit = (n: number): SearchHit => ({
  title: `Page ${n}`,
  url: `https://example.com/${n}`,
  snippet: `About ${n}`,
});
const hits = (n: number) => Array.from({ length: n }, (_, i) => hit(i + 1));

describe('formatResults', () => {
  it('numbers each result with its title, URL and snippet under a heading', () => {
    expect(formatResults(hits(2), { service: 'Google', query: 'pages' })).toBe(
      'Google results for "pages":\n\n' +
        '1. Page 1\n   https://example.com/1\n   About 1\n\n' +
        '2. Page 2\n   https://example.com/2\n   About 2',
    );
  });

  it('keeps five results by default, the count asked for, and never more than ten', () => {
    const count = (text: string) => text.match(/^\d+\. /gm)?.length ?? 0;
    expect(count(formatResults(hits(20), { service: 'S', query: 'q' }))).toBe(5);
    expect(count(formatResults(hits(20), { service: 'S', query: 'q', count: 2 }))).toBe(2);
    expect(count(formatResults(hits(20), { service: 'S', query: 'q', count: 50 }))).toBe(10);
  });

  it('puts a direct answer before the results', () => {
    expect(formatResults([hit(1)], { service: 'Tavily', query: 'q', answer: 'It is <b>42</b>.' })).toBe(
      'Tavily results for "q":\n\nAnswer: It is 42.\n\n1. Page 1\n   https://example.com/1\n   About 1',
    );
  });

  it('says there are no results when there are none and no answer', () => {
    expect(formatResults([], { service: 'Bocha', query: '无' })).toBe('Bocha found no results for "无".');
  });

  it('leaves out results without a URL and uses the URL when the title is empty', () => {
    const output = formatResults(
      [
        { title: 'No link', url: '', snippet: 'x' },
        { title: '', url: 'https://a.example/', snippet: '' },
      ],
      { service: 'S', query: 'q' },
    );
    expect(output).toBe('S results for "q":\n\n1. https://a.example/\n   https://a.example/');
  });

  it('clips long snippets and keeps the whole output under its cap, with whole results only', () => {
    const long = Array.from({ length: 10 }, (_, i) => ({ ...hit(i + 1), snippet: 'word '.repeat(400) }));
    const output = formatResults(long, { service: 'S', query: 'q', count: 10 });
    expect(output.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    expect(output).toContain('…');
    // Every result that is shown ends with its snippet: none was cut at the cap.
    for (const entry of output.split('\n\n').slice(1)) expect(entry).toMatch(/…$/);
  });
});
