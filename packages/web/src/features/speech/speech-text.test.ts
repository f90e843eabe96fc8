import { describe, expect, it } from 'vitest';
import { speakableText, speechPieces } from './speech-text';

describe('speakableText', () => {
  it('drops Markdown marks and keeps the words', () => {
    const md = [
      '# Title',
      '',
      'Some **bold**, _italic_ and ~~gone~~ words with `npm install` and a [link](https://x.y).',
      '',
      '- one',
      '2. two',
      '> quoted',
      '',
      '![a cat](cat.png)',
    ].join('\n');
    expect(speakableText(md)).toBe(
      'Title\n\nSome bold, italic and gone words with npm install and a link.\n\none\ntwo\nquoted\n\na cat',
    );
  });

  it('skips code blocks, closed or cut off, and display math', () => {
    const md = 'Before.\n\n```ts\nconst x = 1;\n```\n\nMiddle $$x^2$$ end.\n\n~~~\nunclosed code';
    expect(speakableText(md)).toBe('Before.\n\nMiddle end.');
  });

  it('reads a table’s cells, not its rule line', () => {
    expect(speakableText('| a | b |\n|---|:-:|\n| 1 | 2 |')).toBe('a, b\n1, 2');
  });

  it('keeps snake_case and arithmetic intact', () => {
    expect(speakableText('use snake_case_name and 2 * 3 * 4')).toBe('use snake_case_name and 2 * 3 * 4');
  });
});

describe('speechPieces', () => {
  it('cuts at sentence ends within the limit', () => {
    const text = 'One two three. Four five six. Seven eight nine.';
    const pieces = speechPieces(text, 20);
    expect(pieces).toEqual(['One two three.', 'Four five six.', 'Seven eight nine.']);
    expect(pieces.every((p) => p.length <= 20)).toBe(true);
  });

  it('cuts a long word anywhere, and leaves a short text whole', () => {
    expect(speechPieces('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(speechPieces(' short ', 10)).toEqual(['short']);
  });
});
