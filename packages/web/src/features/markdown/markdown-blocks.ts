// While a reply streams, the markdown is rendered again on every text delta. Cutting the text into top-level
// blocks lets each finished block keep its rendered (and highlighted) output: only the last block changes.
// A cut is made only where CommonMark itself starts a new block that cannot belong to the previous one, so
// rendering the blocks one by one gives the same result as rendering the whole text.

const FENCE = /^\s*(`{3,}|~{3,})/;
const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
// Reference-style definitions and footnotes reach across blocks: such texts are never cut.
const DEFINITION = /^ {0,3}\[[^\]]+\]:/m;

interface Fence {
  char: string;
  length: number;
}

function closesFence(line: string, fence: Fence): boolean {
  const match = /^\s*(`{3,}|~{3,})\s*$/.exec(line);
  return !!match && match[1]![0] === fence.char && match[1]!.length >= fence.length;
}

/** A line after a blank line that starts a new, independent top-level block. */
function startsIndependentBlock(line: string): boolean {
  return line.length > 0 && !/^\s/.test(line) && !LIST_ITEM.test(line);
}

/**
 * Splits markdown into top-level blocks whose concatenation is the original text. Code fences (and `$$` math
 * blocks when `math` is on) are never cut, nor are list items separated by blank lines.
 */
export function splitBlocks(text: string, options: { math?: boolean } = {}): string[] {
  if (DEFINITION.test(text)) return [text];
  const lines = text.split('\n');
  const blocks: string[] = [];
  let start = 0; // offset of the current block in `text`
  let offset = 0; // offset of the current line
  let fence: Fence | null = null;
  let inMath = false;
  let previousBlank = false;
  let hasContent = false;

  for (const line of lines) {
    const blank = line.trim() === '';
    if (fence) {
      if (closesFence(line, fence)) fence = null;
    } else if (inMath) {
      if (countDisplayMath(line) % 2 === 1) inMath = false;
    } else {
      if (previousBlank && hasContent && startsIndependentBlock(line)) {
        blocks.push(text.slice(start, offset));
        start = offset;
      }
      const open = FENCE.exec(line);
      if (open) fence = { char: open[1]![0]!, length: open[1]!.length };
      else if (options.math && countDisplayMath(line) % 2 === 1) inMath = true;
    }
    if (!blank) hasContent = true;
    previousBlank = blank;
    offset += line.length + 1;
  }
  blocks.push(text.slice(start));
  return blocks;
}

function countDisplayMath(line: string): number {
  return line.split('$$').length - 1;
}
