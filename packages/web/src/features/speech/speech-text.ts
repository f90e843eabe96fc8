/**
 * What of a reply is read aloud (docs/reference/speech.md (Reading a reply aloud)): its words, without Markdown's
 * marks. Code blocks and display math are skipped: read character by character they are noise, and the reader
 * sees them on screen anyway. Inline code is read as written, since it is usually a name in a sentence.
 */
export function speakableText(markdown: string): string {
  return (
    markdown
      .replace(/\r\n?/g, '\n')
      // Fenced code blocks (``` or ~~~), an unclosed one running to the end (a reply cut off mid-block).
      .replace(/^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\1[ \t]*$|(?![\s\S]))/gm, '\n')
      .replace(/\$\$[\s\S]*?\$\$/g, ' ')
      .replace(/<\/?[a-z][^>]*>/gi, ' ')
      // Images read as their description, links as their text.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[\^?\d+\]/g, '')
      .replace(/`([^`\n]+)`/g, '$1')
      .replace(/^ {0,3}#{1,6}[ \t]+/gm, '')
      .replace(/^ {0,3}>[ \t]?/gm, '')
      .replace(/^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(?:\[[ xX]\][ \t]+)?/gm, '')
      .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, '')
      // Table rows: their cells as a phrase; the |---| line goes.
      .replace(/^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)+\|?[ \t]*(?:\n|$)/gm, '')
      .replace(/^[ \t]*\|(.*)\|[ \t]*$/gm, '$1')
      .replace(/[ \t]*\|[ \t]*/g, ', ')
      .replace(/(\*\*|__|~~)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])[*_](?=\S)([^*_\n]*?\S)[*_](?![\w*])/g, '$1$2')
      .replace(/[ \t]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/**
 * Cuts a text into pieces of at most `max` characters for a service with a per-call limit, at a paragraph or
 * sentence end where one falls in the second half of a piece, else at a space, else anywhere.
 */
export function speechPieces(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const at = lastBreak(window, /\n\n|[.!?。！？]+\s?/g, max) ?? lastBreak(window, /\s+/g, max) ?? max;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** The end of the last `pattern` match in the second half of `window`, if any. */
function lastBreak(window: string, pattern: RegExp, max: number): number | undefined {
  const ends = [...window.matchAll(pattern)].map((m) => (m.index ?? 0) + m[0].length);
  return ends.filter((end) => end >= max / 2 && end > 0).at(-1);
}
