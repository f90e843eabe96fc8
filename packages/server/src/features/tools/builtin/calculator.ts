import { z } from 'zod';
import { ToolError, type Tool } from '../tool';
import { loadRestrictedMath, type RestrictedMath } from './calculator-math';

/** Longer than any sum a person or a model writes; keeps parsing cheap. */
export const MAX_EXPRESSION_CHARS = 1000;
/** A result longer than this (a big matrix) is cut: the model needs the answer, not pages of numbers. */
export const MAX_RESULT_CHARS = 4000;

const input = z.object({
  expression: z
    .string()
    .describe('A maths expression in mathjs syntax, e.g. "sqrt(2) * 3", "sin(30 deg)", "5 cm to inch".'),
});

export const calculatorTool: Tool<z.infer<typeof input>> = {
  key: 'calculator',
  description:
    'Evaluate a maths expression exactly instead of computing it in your head: arithmetic, functions (sqrt, sin, ' +
    'log), units and conversions ("5 cm to inch"), matrices. Several statements may be separated by ";".',
  input,
  async run({ expression }) {
    const text = expression.trim();
    if (text === '') throw new ToolError('The expression is empty');
    if (text.length > MAX_EXPRESSION_CHARS)
      throw new ToolError(`The expression is longer than ${MAX_EXPRESSION_CHARS} characters`);
    const math = await loadRestrictedMath();
    let value: unknown;
    try {
      value = math.evaluate(text);
    } catch (error) {
      throw new ToolError(`Could not calculate "${text}": ${(error as Error).message}`);
    }
    return { output: cut(describe(math, value)) };
  },
};

/** The answer as text; several statements answer one line each, as mathjs formats them. */
function describe(math: RestrictedMath, value: unknown): string {
  const values = isResultSet(value) ? value.entries : [value];
  if (values.length === 0 || values.every((v) => v === undefined))
    return 'No result (every statement was hidden)';
  if (values.some((v) => typeof v === 'function'))
    throw new ToolError('The expression names a function without calling it');
  return values.map((v) => math.format(v)).join('\n');
}

function isResultSet(value: unknown): value is { entries: unknown[] } {
  return (value as { isResultSet?: boolean } | null)?.isResultSet === true;
}

function cut(text: string): string {
  return text.length <= MAX_RESULT_CHARS
    ? text
    : `${text.slice(0, MAX_RESULT_CHARS)}… (cut: the result is ${text.length} characters)`;
}
