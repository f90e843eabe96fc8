import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { beforeAll, describe, expect, it } from 'vitest';
import { initEnglishTexts } from '../i18n/english.test-helpers';
import { markdownComponents } from './components/markdown-components';
import MarkdownRenderer from './components/markdown-renderer';
import { HIGHLIGHT_LANGUAGES } from './highlight-languages';
import { highlighter, highlightLanguage } from './highlighter';
import { selectPlugins } from './markdown-plugins';
import { rehypeTaskListLabels } from './rehype-task-list-labels';
import { remarkHtmlAsText } from './remark-html-as-text';
import { mathPlugins } from './math-plugins';
import { normalizeMath } from './math-text';

beforeAll(initEnglishTexts);

/** One block through the renderer's pipeline with the maths plugins already loaded. */
function MathBlock({ text }: { text: string }) {
  return createElement(
    ReactMarkdown,
    { ...selectPlugins(mathPlugins), components: markdownComponents },
    text,
  );
}

const render = (text: string, latex = false, imageCreation = false) =>
  renderToStaticMarkup(createElement(MarkdownRenderer, { text, latex, imageCreation }));

describe('markdown plugin selection', () => {
  it('uses GFM only when LaTeX is off (or its chunk is not loaded)', () => {
    expect(selectPlugins(null)).toEqual({
      remarkPlugins: [remarkGfm, remarkHtmlAsText],
      rehypePlugins: [rehypeTaskListLabels],
    });
  });

  it('adds remark-math and KaTeX when LaTeX is on', () => {
    const { remarkPlugins, rehypePlugins } = selectPlugins(mathPlugins);
    expect(remarkPlugins.slice(0, 2)).toEqual([remarkGfm, remarkHtmlAsText]);
    expect(remarkPlugins[2]).toEqual([mathPlugins.remarkMath, { singleDollarTextMath: true }]);
    expect(rehypePlugins[0]).toBe(rehypeTaskListLabels);
    expect((rehypePlugins[1] as unknown[])[0]).toBe(mathPlugins.rehypeKatex);
  });
});

describe('highlight languages', () => {
  it('registers about 34 languages, exactly the listed ones', () => {
    expect(Object.keys(HIGHLIGHT_LANGUAGES)).toHaveLength(34);
    expect(highlighter.listLanguages().sort()).toEqual(Object.keys(HIGHLIGHT_LANGUAGES).sort());
  });

  it('knows the usual fence names through aliases', () => {
    for (const name of [
      'js',
      'jsx',
      'ts',
      'tsx',
      'py',
      'sh',
      'zsh',
      'html',
      'yml',
      'toml',
      'docker',
      'rs',
      'golang',
      'C#',
      'c++',
      'ps1',
      'kt',
      'md',
      'jsonc',
    ]) {
      expect(highlightLanguage(name), name).not.toBeNull();
    }
    expect(highlightLanguage('brainfuck')).toBeNull();
    expect(highlightLanguage('')).toBeNull();
  });
});

describe('MarkdownRenderer', () => {
  it('renders GFM: tables (wrapped to scroll), strikethrough, task lists and autolinks', () => {
    const html = render(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~\n\n- [x] done\n- [ ] todo\n\nsee www.example.com',
    );
    // Wide tables scroll inside their box: a named, focusable group, so the keyboard can scroll it too.
    expect(html).toContain('<div class="md-table" tabindex="0" role="group" aria-label="Table"><table>');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('href="http://www.example.com"');
  });

  it("names each task-list box by its item's own text, nested lists left out", () => {
    const tight = render('- [ ] a\n- [x] **b** c\n  - [ ] nested');
    expect(tight).toContain('<input type="checkbox" disabled="" aria-label="a"/>');
    expect(tight).toContain('<input type="checkbox" disabled="" aria-label="b c" checked=""/>');
    expect(tight).toContain('<input type="checkbox" disabled="" aria-label="nested"/>');
    // A loose list puts the box inside the item's paragraph.
    const loose = render('- [ ] first\n\n- [x] second');
    expect(loose).toContain('<p><input type="checkbox" disabled="" aria-label="first"/> first</p>');
    expect(loose).toContain('aria-label="second"');
  });

  it('never renders raw HTML: it shows as text', () => {
    const html = render(
      '<script>alert(1)</script>\n\nHi <b>bold</b> <img src=x onerror=alert(1)> <iframe src="https://www.bing.com/images/create"></iframe>',
    );
    expect(html).not.toMatch(/<script|<b>|<img|<iframe/);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    // A block of HTML stays a block (a paragraph of literal text), spaced like the text around it.
    expect(html).toContain('<p class="md-html">&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  const bingFrame =
    '<iframe role="presentation" src="https://www.bing.com/images/create/async/results/1?q=owl&amp;IG=2"></iframe>';

  it('shows an image-creation iframe as text outside a bingAI reply', () => {
    const html = render(bingFrame);
    expect(html).not.toContain('<iframe');
    expect(html).toContain('&lt;iframe role=&quot;presentation&quot;');
  });

  it("renders a bingAI reply's image-creation iframe, rebuilt from its address alone, and only the first", () => {
    const html = render(
      `Here it is:\n\n${bingFrame.replace('<iframe ', '<iframe onload="alert(1)" srcdoc="x" ')}\n\n${bingFrame}`,
      false,
      true,
    );
    expect(html.match(/<iframe/g)).toHaveLength(1);
    expect(html).toContain(
      '<iframe src="https://www.bing.com/images/create/async/results/1?q=owl&amp;IG=2" role="presentation" ' +
        'title="Image creation" class="md-embed" loading="lazy" referrerPolicy="no-referrer" ' +
        'sandbox="allow-scripts allow-same-origin allow-popups"></iframe>',
    );
    expect(html).not.toMatch(/onload|srcdoc/);
    // The second one is text.
    expect(html).toContain('<p class="md-html">&lt;iframe role=&quot;presentation&quot;');
  });

  it.each([
    ['another host', bingFrame.replace('www.bing.com', 'evil.example')],
    ['a look-alike host', bingFrame.replace('www.bing.com', 'www.bing.com.evil.example')],
    ['plain http', bingFrame.replace('https:', 'http:')],
    ['another path', bingFrame.replace('/images/create', '/search')],
    ['no presentation role', bingFrame.replace(' role="presentation"', '')],
    ['a script inside', bingFrame.replace('></iframe>', '><script>alert(1)</script></iframe>')],
    ['an image inside', bingFrame.replace('></iframe>', '><img src=x onerror=alert(1)></iframe>')],
    ['a div inside', bingFrame.replace('></iframe>', '><div>x</div></iframe>')],
    ['a form inside', bingFrame.replace('></iframe>', '><form><button>go</button></form></iframe>')],
    ['text around it in the block', `see ${bingFrame}`],
    ['a second src', bingFrame.replace('<iframe ', '<iframe src="https://evil.example/" ')],
    ['javascript:', '<iframe role="presentation" src="javascript:alert(1)"></iframe>'],
  ])('keeps an iframe with %s as text, even in a bingAI reply', (_why, frame) => {
    const html = render(frame, false, true);
    expect(html).not.toContain('<iframe');
    expect(html).not.toMatch(/<script|<img|<div|<form|<button/);
  });

  it('opens links in a new tab without opener or referrer, and shows javascript: links as their words', () => {
    const html = render(
      '[site](https://example.com) [bad](javascript:alert(1)) <javascript:alert(2)> [none]()',
    );
    expect(html).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a> <span>bad</span> ' +
        '<span>javascript:alert(2)</span> <span>none</span></p>',
    );
  });

  it('renders fenced code with its language, a copy button and highlighting', () => {
    const html = render('```ts\nconst x: number = 1;\n```');
    expect(html).toContain('data-language="ts"');
    expect(html).toContain('aria-label="Copy code"');
    // The code scrolls sideways: a named, focusable group, so the keyboard can scroll it (axe's
    // scrollable-region-focusable).
    expect(html).toContain('<pre tabindex="0" role="group" aria-label="Code: ts">');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    // The newline before the closing fence is not an extra empty line.
    expect(html).toMatch(/;<\/code><\/pre>/);
  });

  it('shows an unknown language as plain text under its name', () => {
    const html = render('```brainfuck\n+[-->-[>>+>-----<<]<--<---]>-.\n```');
    expect(html).toContain('>brainfuck<');
    expect(html).not.toContain('hljs-');
    // No language at all: the block is named plainly.
    expect(render('```\nplain\n```')).toContain('aria-label="Code"');
  });

  it('renders maths with KaTeX when LaTeX is on and the maths chunk is loaded', () => {
    const withMath = renderToStaticMarkup(createElement(MathBlock, { text: 'Euler: $e^{i\\pi}+1=0$' }));
    expect(withMath).toContain('class="katex"');
    // A display formula scrolls sideways in its own box: a named tab stop, so the keyboard can reach it.
    const display = renderToStaticMarkup(createElement(MathBlock, { text: '$$\n\\sum_{i=1}^{n} i\n$$' }));
    expect(display).toMatch(/<span class="katex-display" tabindex="0" role="group" aria-label="Formula">/);
    expect(withMath).not.toContain('tabindex');
    // Without LaTeX the dollars stay text.
    expect(render('Euler: $e^{i\\pi}+1=0$')).toContain('$e^{i\\pi}+1=0$');
  });
});

describe('display maths written as $$…$$ on one line', () => {
  const html = (text: string) => renderToStaticMarkup(createElement(MathBlock, { text }));
  // What a display block renders as: KaTeX's centred display box, a named tab stop.
  const DISPLAY = '<span class="katex-display" tabindex="0" role="group" aria-label="Formula">';
  const inline = (source: string) =>
    `<span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow>${source}`;

  it('renders $$x^2$$ alone on a line as \\[x^2\\] renders, a display block', () => {
    const alone = html('$$x^2$$');
    expect(alone.startsWith(DISPLAY)).toBe(true);
    expect(alone).toContain('display="block"');
    expect(alone).not.toContain('<p>');
    expect(alone).toBe(html(normalizeMath('\\[x^2\\]')));
  });

  it('takes a $$…$$ inside a sentence out of its paragraph, the text before and after kept as paragraphs', () => {
    const out = html('The area is $$A = \\pi r^2$$ for a circle.');
    const head = `<p>The area is</p>\n${DISPLAY}`;
    expect(out.slice(0, head.length)).toBe(head);
    expect(out.slice(-28)).toBe('</span>\n<p>for a circle.</p>');
    // On lines of their own between two lines of text, and two in a row.
    const lines = html('First\n$$a$$\n$$b$$\nlast');
    expect(lines.split(DISPLAY)).toHaveLength(3);
    expect(lines.slice(0, 13)).toBe('<p>First</p>\n');
    expect(lines.slice(-12)).toBe('\n<p>last</p>');
  });

  it('works inside lists and quotes; single dollars and headings stay inline', () => {
    expect(html('- item\n  $$x$$')).toContain(`<li>item\n${DISPLAY}`);
    expect(html('> $$y$$')).toContain(`<blockquote>\n${DISPLAY}`);
    const single = html('Inline $x$ here');
    expect(single).toContain(`<p>Inline ${inline('<mi>x</mi>')}`);
    expect(single).not.toContain('katex-display');
    expect(html('# Title $$z$$')).not.toContain('katex-display');
  });
});
