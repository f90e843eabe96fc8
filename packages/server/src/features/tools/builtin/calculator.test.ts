import { describe, expect, it } from 'vitest';
import { ToolError } from '../tool';
import { testToolContext } from '../tool-context.test-helpers';
import { calculatorTool, MAX_EXPRESSION_CHARS } from './calculator';

const calculate = async (expression: string) =>
  (await calculatorTool.run({ expression }, testToolContext())).output;

describe('calculator', () => {
  it.each([
    ['1 + 2 * 3', '7'],
    ['(1 + 2) * 3', '9'],
    ['2 ^ 3 ^ 2', '512'],
    ['-2 ^ 2', '-4'],
    ['0.1 + 0.2', '0.3'],
    ['10!', '3628800'],
    ['sqrt(16) + abs(-2)', '6'],
    ['sin(30 deg)', '0.5'],
    ['cos(pi)', '-1'],
    ['log(e)', '1'],
    ['5 cm to inch', '1.9685039370079 inch'],
    ['2 km / 30 minute to km/h', '4 km / h'],
    ['[1, 2; 3, 4] * 2', '[[2, 4], [6, 8]]'],
    ['det([1, 2; 3, 4])', '-2'],
    ['a = 3; a * 2', '6'],
    ['1 + 1\n2 * 2', '2\n4'],
  ])('%s is %s', async (expression, result) => {
    expect(await calculate(expression)).toBe(result);
  });

  it('writes big and tiny numbers in exponent notation past fifteen digits', async () => {
    expect(await calculate('2 ^ 64')).toBe('1.844674407371e+19');
    expect(await calculate('123456789 * 1000')).toBe('123456789000');
    expect(await calculate('1 / 3e9')).toBe('3.3333333333333e-10');
    expect(await calculate('bignumber(2) ^ 100')).toBe('1.2676506002282e+30');
  });

  it('answers division by zero as mathjs does', async () => {
    expect(await calculate('1 / 0')).toBe('Infinity');
    expect(await calculate('-1 / 0')).toBe('-Infinity');
    expect(await calculate('0 / 0')).toBe('NaN');
  });

  it("answers a syntax error with mathjs's message", async () => {
    const error = await calculatorTool
      .run({ expression: '1 +* 2' }, testToolContext())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as Error).message).toMatch(/Value expected \(char 4\)/);
  });

  it('answers an unknown unit or symbol with an error', async () => {
    await expect(calculate('5 parsecs2 to m')).rejects.toBeInstanceOf(ToolError);
    await expect(calculate('undefinedThing + 1')).rejects.toThrow(/Undefined symbol/);
  });

  it.each([
    'import({x: 1})',
    'createUnit("foo", "1 m")',
    'evaluate("1 + 1")',
    'parse("1 + 1")',
    'compile("1")',
    'simplify("x + x")',
    'f = evaluate; f("1")',
    'f(x) = x ^ 2',
    'map([1, 2], f(x) = x)',
    'cos.constructor("return process")()',
    'cos["constructor"]',
    '"".constructor',
    '[].constructor.constructor("return process")()',
    'a = {}; a.__proto__',
    'a = {}; a["__proto__"].toString',
    'SymbolNode("x")',
    'Parser()',
    'config({number: "BigNumber"})',
  ])('refuses %s', async (expression) => {
    await expect(calculate(expression)).rejects.toBeInstanceOf(ToolError);
  });

  it.each([
    'zeros(100000, 100000)',
    'range(1, 1e9)',
    'range("1:1e9")',
    'factorial(bignumber(1e7))',
    'diag(ones(1000))',
  ])('refuses %s, whose size the expression picks, before the work starts', async (expression) => {
    await expect(calculate(expression)).rejects.toThrow(/limited|more than/);
  });

  it('still builds small matrices and ranges', async () => {
    expect(await calculate('range(1, 4)')).toBe('[1, 2, 3]');
    expect(await calculate('size(zeros(3, 2))')).toBe('[3, 2]');
  });

  it('refuses an expression over the length limit without parsing it', async () => {
    await expect(calculate('1+'.repeat(MAX_EXPRESSION_CHARS) + '1')).rejects.toThrow(/longer than 1000/);
  });

  it('cuts a very long result', async () => {
    const output = await calculate('ones(2000) * 1.5');
    expect(output).toMatch(/… \(cut: the result is \d+ characters\)$/);
    expect(output.length).toBeLessThan(4100);
  });

  it('names a bare function instead of printing its code', async () => {
    await expect(calculate('sqrt')).rejects.toThrow(/function without calling it/);
  });
});
