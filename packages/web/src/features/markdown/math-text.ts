// Models write maths as \( … \) and \[ … \] as often as with dollars; remark-math only reads dollars. And a
// price such as "$5 and $10" must not become inline maths. Code (fences and inline spans) is left untouched.

// A fenced block (to its closing fence, or to the end while it streams) or an inline code span.
const CODE =
  /(?:^|\n) {0,3}(`{3,}|~{3,})[^\n]*(?:\n[\s\S]*?(?:\n {0,3}\1[`~]*[ \t]*(?=\n|$)|$)|$)|(`+)[\s\S]*?\2/g;
// A dollar directly followed by an amount ("$5", "$1,200.50") and then a space, punctuation or the end.
const CURRENCY = /(^|[^\\$])\$(?=\d[\d,]*(?:\.\d+)?(?:[\s.,;:!?)\]]|$))/g;
const DISPLAY = /\\\[([\s\S]*?)\\\]/g;
const INLINE = /\\\(([\s\S]*?)\\\)/g;

function outsideCode(text: string, transform: (prose: string) => string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(CODE)) {
    out += transform(text.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + transform(text.slice(last));
}

/** Rewrites \[ \] and \( \) to $$ $$ and $ $, and escapes currency dollars, outside code. */
export function normalizeMath(text: string): string {
  if (!text.includes('$') && !text.includes('\\')) return text;
  return outsideCode(text, (prose) =>
    prose
      .replace(CURRENCY, (_, before: string) => `${before}\\$`)
      .replace(DISPLAY, (_, body: string) => `\n$$\n${body.trim()}\n$$\n`)
      .replace(INLINE, (_, body: string) => `$${body.trim()}$`),
  );
}

/** Whether the text may hold maths at all; the maths renderer (KaTeX) is only loaded for such texts. */
export function mayContainMath(text: string): boolean {
  return /\$[^$\s]|\$\$|\\\(|\\\[/.test(text);
}
