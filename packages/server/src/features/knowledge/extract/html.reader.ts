import { TextDecoder } from 'node:util';
import { plainText } from '../../tools/builtin/plain-text';
import { charsetOf } from './file-format';
import type { Reader } from './reader';
import { decodeText } from './text-decode';

/** The charset a page declares in its first bytes (`<meta charset>` or the http-equiv form), if any. */
function declaredCharset(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  const match = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head);
  return match?.[1]?.toLowerCase();
}

/**
 * HTML: the text a reader of the page sees, with its title first. Scripts, styles, templates, hidden elements and
 * attributes are never read. Parsing tolerates any markup, as browsers do, so no page is refused as damaged.
 */
export const readHtml: Reader = async (bytes, { type }) => {
  const html = decodeText(bytes, charsetOf(type) ?? declaredCharset(bytes));
  const { parseHTML } = await import('linkedom');
  const { document } = parseHTML(html);
  const title = (document.title ?? '').replace(/\s+/g, ' ').trim();
  // Every top-level node, not `document.body`: linkedom leaves the body empty when a page omits its <body> tag
  // (a fragment such as `<p>…</p>`, common in exported notes) and keeps the content beside it.
  const body = Array.from(document.childNodes as ArrayLike<Parameters<typeof plainText>[0]>, (node) =>
    plainText(node),
  )
    .filter(Boolean)
    .join('\n\n');
  return [{ text: title && !body.startsWith(title) ? `${title}\n\n${body}` : body }];
};
