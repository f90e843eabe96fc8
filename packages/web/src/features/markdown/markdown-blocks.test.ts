import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import { describe, expect, it } from 'vitest';
import { splitBlocks } from './markdown-blocks';
import { selectPlugins } from './markdown-plugins';
import { mathPlugins } from './math-plugins';

const SAMPLES = {
  paragraphs: 'First paragraph\nstill first.\n\nSecond one.\n\n# A heading\n\nText after.',
  fence: 'Intro\n\n```ts\nconst a = 1;\n\nconst b = 2;\n\nexport { a };\n```\n\nAfter the code.',
  tildeFence: '~~~\nx\n\n```\ny\n~~~\n\nend',
  looseList: '- one\n\n- two\n\n  continued paragraph\n\n- three\n\nAfter the list.',
  orderedAfterText: '1. a\n2. b\n\nBetween\n\n3. c\n4. d',
  quote: '> quoted\n\n> again\n\nplain',
  table: '| a | b |\n|---|---|\n| 1 | 2 |\n\nNext',
  indentedCode: 'Para\n\n    indented code\n\n    more code\n\nDone',
  math: 'Energy:\n\n$$\nE = mc^2\n\n\\int x\n$$\n\nDone $x$.',
  references: 'See [the docs][d].\n\nMore text.\n\n[d]: https://example.com',
  footnote: 'Claim[^1].\n\nOther.\n\n[^1]: Source.',
};

const math = selectPlugins(mathPlugins);
const plain = selectPlugins(null);

function html(text: string, withMath: boolean): string {
  const plugins = withMath ? math : plain;
  // The newlines react-markdown keeps between block elements do not render; ignore them.
  return renderToStaticMarkup(createElement(ReactMarkdown, plugins, text)).replace(/>\n+</g, '><');
}

describe('splitBlocks', () => {
  it('keeps every character: the blocks concatenate to the text', () => {
    for (const text of Object.values(SAMPLES)) {
      expect(splitBlocks(text, { math: true }).join('')).toBe(text);
    }
  });

  it('renders block by block exactly as the whole text renders', () => {
    for (const [name, text] of Object.entries(SAMPLES)) {
      for (const withMath of [false, true]) {
        const pieces = splitBlocks(text, { math: withMath })
          .map((block) => html(block, withMath))
          .join('');
        expect(pieces, name).toBe(html(text, withMath));
      }
    }
  });

  it('cuts between independent blocks, so finished blocks stay the same while text is appended', () => {
    expect(splitBlocks(SAMPLES.paragraphs)).toEqual([
      'First paragraph\nstill first.\n\n',
      'Second one.\n\n',
      '# A heading\n\n',
      'Text after.',
    ]);
    const streaming = splitBlocks(`${SAMPLES.paragraphs}\n\nA new par`);
    expect(streaming.slice(0, 4)).toEqual([
      ...splitBlocks(SAMPLES.paragraphs).slice(0, 3),
      'Text after.\n\n',
    ]);
  });

  it('never cuts inside a fence, a $$ block or a loose list', () => {
    expect(splitBlocks(SAMPLES.fence)).toHaveLength(3);
    expect(splitBlocks(SAMPLES.fence)[1]).toContain('export { a };\n```');
    expect(splitBlocks(SAMPLES.math, { math: true })[1]).toBe('$$\nE = mc^2\n\n\\int x\n$$\n\n');
    expect(splitBlocks(SAMPLES.looseList)[0]).toBe('- one\n\n- two\n\n  continued paragraph\n\n- three\n\n');
  });

  it('keeps an unclosed fence (still streaming) in one block', () => {
    const text = 'Here:\n\n```py\nprint(1)\n\nprint(2)';
    expect(splitBlocks(text)).toEqual(['Here:\n\n', '```py\nprint(1)\n\nprint(2)']);
  });

  it('does not cut texts whose references or footnotes reach across blocks', () => {
    expect(splitBlocks(SAMPLES.references)).toEqual([SAMPLES.references]);
    expect(splitBlocks(SAMPLES.footnote)).toEqual([SAMPLES.footnote]);
  });
});
