import { DOMParser, onErrorStopParsing, type Document, type Element, type Node } from '@xmldom/xmldom';
import { ExtractError } from './extracted-document';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;

/** A strict parse: XML that is not well-formed is a damaged file, never half a document. */
export function parseXml(xml: string, what: string): Document {
  try {
    return new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml, 'text/xml');
  } catch (error) {
    const raw = error instanceof Error ? error.message.split('\n', 1)[0]! : String(error);
    // xmldom wraps what it found: `Reporting error "<the problem>" caused onErrorStopParsing`.
    const reason = /^Reporting error "(.*)" caused/.exec(raw)?.[1] ?? raw;
    if (reason.startsWith('entity not found')) {
      // An entity a document declares in its own DTD: never expanded (no entity bombs, no external files).
      throw new ExtractError('unsupported', `${what} uses entities declared in its DTD, which are not read (${reason})`);
    }
    throw new ExtractError('damaged', `${what} is not well-formed XML (${reason})`);
  }
}

export const isElement = (node: Node): node is Element => node.nodeType === ELEMENT_NODE;
export const isText = (node: Node): boolean =>
  node.nodeType === TEXT_NODE || node.nodeType === CDATA_SECTION_NODE;

/** The element's child elements. */
export function childElements(parent: Node): Element[] {
  const out: Element[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) if (isElement(child)) out.push(child);
  return out;
}

/**
 * Every descendant element with this local name, in document order, whatever its prefix (Office files written
 * by other tools pick their own). Of markup-compatibility alternatives only the first choice is read, so text
 * that a file carries twice (a shape and its fallback picture) counts once.
 */
export function elementsNamed(root: Node, localName: string): Element[] {
  const out: Element[] = [];
  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (!isElement(child)) continue;
      if (child.localName === localName) out.push(child);
      if (child.localName === 'AlternateContent') {
        const first = childElements(child)[0];
        if (first) walk(first);
      } else walk(child);
    }
  };
  walk(root);
  return out;
}

/** The first child element with this local name. */
export const childNamed = (parent: Node, localName: string): Element | undefined =>
  childElements(parent).find((e) => e.localName === localName);

/** All the text inside a node, markup dropped. */
export const textInside = (node: Node): string => node.textContent ?? '';
