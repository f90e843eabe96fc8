import { TextDecoder } from 'node:util';
import { charsetOf } from './file-format';
import type { Reader } from './reader';
import { decodeText } from './text-decode';
import { isElement, parseXml, type XmlElement } from './xml-tree';

/** The encoding an XML declaration names (`<?xml version="1.0" encoding="GBK"?>`), if any. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  return /^<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/.exec(head)?.[1]?.toLowerCase();
}

/** Attributes that only wire namespaces and schemas: no reader searches for them. */
const PLUMBING = /^(xmlns(:|$)|xsi:|xml:space$)/;

/**
 * XML: its text and attribute values, one line each, in document order; tags and comments dropped. A document
 * that is not well-formed is damaged.
 */
export const readXml: Reader = async (bytes, { type }) => {
  const xml = decodeText(bytes, charsetOf(type) ?? declaredEncoding(bytes));
  const lines: string[] = [];
  const walk = (element: XmlElement) => {
    const attributes = Object.entries(element.attributes)
      .filter(([name, value]) => !PLUMBING.test(name) && value.trim())
      .map(([name, value]) => `${name}=${value.trim()}`);
    if (attributes.length > 0) lines.push(attributes.join(' '));
    for (const child of element.children) {
      if (isElement(child)) walk(child);
      else if (child.trim()) lines.push(child.trim());
    }
  };
  walk(parseXml(xml, 'the file'));
  return [{ text: lines.join('\n') }];
};
