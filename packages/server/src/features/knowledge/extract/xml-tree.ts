import sax from 'sax';
import { ExtractError } from './extracted-document';

/** An element of a parsed XML document: a light tree, built once, read by the readers. */
export interface XmlElement {
  /** The qualified name, as written (`a:t`). */
  name: string;
  /** The name without its prefix (`t`): Office files written by other tools pick their own prefixes. */
  local: string;
  attributes: Record<string, string>;
  /** Child elements and text (CDATA included), in document order. */
  children: (XmlElement | string)[];
}

const localOf = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * A strict parse (sax, at tens of MB/s: a DOM parser took seconds for one large sheet): XML that is not
 * well-formed is a damaged file, never half a document. Entities a document declares in its own DTD are never
 * expanded (no entity bomb, no external file): such a document is `unsupported`.
 */
export function parseXml(xml: string, what: string): XmlElement {
  const parser = sax.parser(true, { trim: false, normalize: false, xmlns: false });
  const top: XmlElement = { name: '', local: '', attributes: {}, children: [] };
  const open: XmlElement[] = [top];
  let declaresEntities = false;
  parser.onerror = (error) => {
    const problem = error.message.split('\n', 1)[0];
    throw new Error(`${problem} at line ${parser.line + 1}, column ${parser.column}`);
  };
  parser.onopentag = (tag) => {
    const element: XmlElement = {
      name: tag.name,
      local: localOf(tag.name),
      attributes: tag.attributes as Record<string, string>,
      children: [],
    };
    open.at(-1)!.children.push(element);
    open.push(element);
  };
  parser.onclosetag = () => void open.pop();
  parser.ontext = parser.oncdata = (text) => void open.at(-1)!.children.push(text);
  parser.ondoctype = (doctype) => void (declaresEntities ||= /<!ENTITY/i.test(doctype));
  try {
    parser.write(xml).close();
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n', 1)[0]!;
    if (declaresEntities && /entity/i.test(reason)) {
      throw new ExtractError('unsupported', `${what} uses entities declared in its DTD, which are not read`);
    }
    throw new ExtractError('damaged', `${what} is not well-formed XML (${reason})`);
  }
  const root = top.children.find((c): c is XmlElement => typeof c !== 'string');
  if (!root) throw new ExtractError('damaged', `${what} is not XML (it has no element)`);
  return root;
}

export const isElement = (node: XmlElement | string): node is XmlElement => typeof node !== 'string';

/** The element's child elements. */
export const childElements = (parent: XmlElement): XmlElement[] => parent.children.filter(isElement);

/** The first child element with this local name. */
export const childNamed = (parent: XmlElement, local: string): XmlElement | undefined =>
  parent.children.find((c): c is XmlElement => isElement(c) && c.local === local);

/**
 * Every descendant element with this local name, in document order. Of markup-compatibility alternatives only
 * the first choice is read, so text that a file carries twice (a shape and its fallback picture) counts once.
 */
export function elementsNamed(root: XmlElement, local: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (element: XmlElement) => {
    for (const child of element.children) {
      if (!isElement(child)) continue;
      if (child.local === local) out.push(child);
      if (child.local === 'AlternateContent') {
        const first = childElements(child)[0];
        if (first) walk(first);
      } else walk(child);
    }
  };
  walk(root);
  return out;
}

/** All the text inside an element, markup dropped. */
export function textInside(element: XmlElement): string {
  let text = '';
  for (const child of element.children) text += isElement(child) ? textInside(child) : child;
  return text;
}

/**
 * A prefixed attribute by its local name, whatever the prefix: the relationship id `r:id` of a sheet or a slide,
 * which sits beside an unprefixed `id` of its own.
 */
export const prefixedAttribute = (element: XmlElement, local: string): string | undefined =>
  Object.entries(element.attributes).find(([name]) => name.includes(':') && localOf(name) === local)?.[1];
