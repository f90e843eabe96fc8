/**
 * The file picker's `accept` list from an endpoint's supported types (regular-expression sources such as
 * `^image/(jpeg|gif|png|webp)$`). Simple patterns expand to MIME types (`^text/` becomes `text/*`); when one
 * pattern is too clever to expand, the picker shows every file and the pre-upload check still applies.
 */
export function acceptAttribute(patterns: readonly string[]): string | undefined {
  const types: string[] = [];
  for (const pattern of patterns) {
    const expanded = expand(pattern);
    if (!expanded) return undefined;
    types.push(...expanded);
  }
  return types.length > 0 ? [...new Set(types)].join(',') : undefined;
}

// Plain text is word characters, '/', '+', '-' and escaped dots; a group is `(a|b)`, optionally `?`.
const LITERAL = /^(?:[\w/+-]|\\\.)+/;
const GROUP = /^\(((?:[\w/+-]|\\\.)+(?:\|(?:[\w/+-]|\\\.)+)*)\)(\?)?/;
const plain = (text: string) => text.replace(/\\\./g, '.');

function expand(pattern: string): string[] | null {
  if (!pattern.startsWith('^')) return null;
  const prefixOnly = !pattern.endsWith('$');
  let rest = pattern.slice(1).replace(/\$$/, '');
  let results = [''];
  while (rest) {
    const group = GROUP.exec(rest);
    const literal = group ? null : LITERAL.exec(rest);
    const match = group ?? literal;
    if (!match) return null;
    const options = group
      ? [...group[1]!.split('|').map(plain), ...(group[2] ? [''] : [])]
      : [plain(match[0])];
    rest = rest.slice(match[0].length);
    results = results.flatMap((head) => options.map((option) => head + option));
  }
  if (!prefixOnly) return results;
  // A pattern open at its end is only expressible as a whole top-level type.
  return results.every((r) => /^[\w+-]+\/$/.test(r)) ? results.map((r) => `${r}*`) : null;
}
