export interface Budgeted {
  text: string;
  /** True when the text was longer than the budget and only its start is kept. */
  cut: boolean;
}

/**
 * The start of `text` within `maxChars`, ended at a paragraph break (else a line break, else a space) so the model
 * never reads half a sentence as if it were whole; a break is used only if it keeps at least half the budget.
 */
export function cutToBudget(text: string, maxChars: number): Budgeted {
  if (text.length <= maxChars) return { text, cut: false };
  const head = text.slice(0, maxChars);
  const atLeast = maxChars / 2;
  const end = [head.lastIndexOf('\n\n'), head.lastIndexOf('\n'), head.lastIndexOf(' ')].find(
    (i) => i >= atLeast,
  );
  return { text: head.slice(0, end ?? maxChars).trimEnd(), cut: true };
}
