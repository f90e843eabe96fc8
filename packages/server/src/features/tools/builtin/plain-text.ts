/** Elements whose content is never text a reader sees. */
const SKIPPED = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'SVG',
  'MATH',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'CANVAS',
  'HEAD',
  'SELECT',
]);

/** Elements that start a paragraph of their own. */
const BLOCKS = new Set([
  'P',
  'DIV',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'ASIDE',
  'HEADER',
  'FOOTER',
  'NAV',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'LI',
  'DL',
  'DT',
  'DD',
  'TABLE',
  'TR',
  'BLOCKQUOTE',
  'PRE',
  'FIGURE',
  'FIGCAPTION',
  'HR',
  'ADDRESS',
  'DETAILS',
  'SUMMARY',
  'FORM',
  'FIELDSET',
]);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
  hasAttribute?(name: string): boolean;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/**
 * The text of an element as a reader sees it: paragraphs separated by a blank line, a `<br>` as a line break,
 * links as their words, whitespace collapsed. Attributes (an `onclick`, an `href`) are never read.
 */
export function plainText(root: DomNode | null | undefined): string {
  const out: string[] = [];
  const walk = (node: DomNode) => {
    if (node.nodeType === TEXT_NODE) {
      out.push(node.textContent ?? '');
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const name = node.nodeName.toUpperCase();
    if (SKIPPED.has(name) || node.hasAttribute?.('hidden')) return;
    if (name === 'BR') return void out.push('\n');
    const block = BLOCKS.has(name);
    if (block) out.push('\n\n');
    // Table cells on one row stay on one line, apart.
    if (name === 'TD' || name === 'TH') out.push(' ');
    for (let i = 0; i < node.childNodes.length; i++) walk(node.childNodes[i]!);
    if (block) out.push('\n\n');
  };
  if (root) walk(root);
  return tidy(out.join(''));
}

/** Spaces collapsed within lines, lines trimmed, at most one blank line between paragraphs. */
export function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
