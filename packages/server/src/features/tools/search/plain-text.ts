/** Entities a search snippet carries most often; numeric ones are decoded by code point. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
};

function decodeEntity(entity: string, body: string): string {
  if (body.startsWith('#')) {
    const hex = body[1] === 'x' || body[1] === 'X';
    const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10);
    // A code point outside Unicode would throw in fromCodePoint; such an entity stays as written.
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
}

/** Tags that break a line on a page: they become a space so the words on either side stay apart. */
const BLOCK_TAG =
  /<\/?(?:br|p|div|li|ul|ol|dl|dt|dd|tr|td|th|table|h[1-6]|hr|blockquote|pre|section|article)\b[^>]*>/gi;

/**
 * A service's text as plain text for the model. Services highlight matches with `<b>`, and some pass a page's own
 * markup through; tags would waste the model's context and could pose as instructions, so they go. Entities are
 * decoded after the tags are gone, so an escaped `&lt;b&gt;` stays visible text rather than becoming a tag.
 */
export function plainText(text: string): string {
  return (
    text
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(BLOCK_TAG, ' ')
      // An inline tag (a highlight, a link) sits inside a sentence, so it goes without a trace: "42</b>." stays "42.".
      .replace(/<\/?[a-z][^>]*>/gi, '')
      .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decodeEntity)
      .replace(/\s+/g, ' ')
      .trim()
  );
}
