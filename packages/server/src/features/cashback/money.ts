/** Fen (whole hundredths of a yuan) as yuan with two decimals, the way the API shows money. */
export const fenToYuan = (fen: number): number => Math.round(fen) / 100;

/**
 * A yuan amount as typed by an operator (`12`, `12.5`, `12.50`) as whole fen; undefined for anything else (a
 * negative number, a third decimal, words). Parsed from the text so 0.1 + 0.2 style errors never reach the books.
 */
export function parseYuan(text: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/**
 * `percent` of `amountFen`, floored to the fen (docs/decisions.md, "Cash-back rounding"). The percent is turned
 * into basis points first so the product stays an exact integer.
 */
export function shareOf(amountFen: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((amountFen * basisPoints) / 10_000);
}
