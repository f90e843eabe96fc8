import { TextDecoder } from 'node:util';
import type { Node } from '@xmldom/xmldom';
import { charsetOf } from './file-format';
import type { Reader } from './reader';
import { decodeText } from './text-decode';
import { isElement, isText, parseXml } from './xml-dom';

/** The encoding an XML declaration names (`<?xml version="1.0" encoding="GBK"?>`), if any. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  return /^<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/.exec(head)?.[1]?.toLowerCase();
}

/** Attributes that only wire namespaces and schemas: no reader searches for them. */
const PLUMBING = /^(xmlns(:|$)|xsi:|xml:space$)/;

/**
 * XML: its text and attribute values, one line each, in document order; tags dropped. A document that is not
 * well-formed is damaged. Entities a document declares for itself are not expanded (none reach the text).
 */
export const readXml: Reader = async (bytes, { type }) => {
  const xml = decodeText(bytes, charsetOf(type) ?? declaredEncoding(bytes));
  const document = parseXml(xml, 'the file');
  const lines: string[] = [];
  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (isText(child)) {
        const text = (child.nodeValue ?? '').trim();
        if (text) lines.push(text);
      } else if (isElement(child)) {
        const attributes = Array.from(child.attributes)
          .filter((a) => !PLUMBING.test(a.name) && a.value.trim())
          .map((a) => `${a.name}=${a.value.trim()}`);
        if (attributes.length > 0) lines.push(attributes.join(' '));
        walk(child);
      }
    }
  };
  walk(document);
  return [{ text: lines.join('\n') }];
};
