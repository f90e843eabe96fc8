import type { MathJsInstance } from 'mathjs';

/**
 * What the calculator's expressions may not name: functions that parse or define more code, change the instance
 * (new units, settings) or build values from a function over a size the expression picks. Names of classes
 * (`SymbolNode`, `Unit`, `Parser`) are refused as well, see `refusedName`.
 */
export const REFUSED_NAMES: ReadonlySet<string> = new Set([
  'import',
  'createUnit',
  'evaluate',
  'parse',
  'compile',
  'parser',
  'resolve',
  'simplify',
  'simplifyCore',
  'simplifyConstant',
  'rationalize',
  'derivative',
  'symbolicEqual',
  'leafCount',
  'reviver',
  'replacer',
  'chain',
  'help',
  'config',
  'typed',
  'matrixFromFunction',
  'kron',
]);

/** Why `name` may not appear in an expression, or null when it may. */
export function refusedName(math: MathJsInstance, name: string): string | null {
  if (REFUSED_NAMES.has(name)) return `"${name}" is not available in the calculator`;
  const value = (math as unknown as Record<string, unknown>)[name];
  if (/^[A-Z]/.test(name) && typeof value === 'function')
    return `"${name}" is not available in the calculator`;
  return null;
}

/** The most elements a matrix the expression builds may have: past this a calculation only eats memory. */
export const MAX_ELEMENTS = 100_000;
/** The largest argument of functions whose work grows with it (factorial of a BigNumber loops that many times). */
export const MAX_MAGNITUDE = 100_000;

type Fn = (...args: unknown[]) => unknown;

/**
 * Wrappers for the functions whose cost an expression's numbers decide, each checking its arguments before the
 * work starts (a synchronous evaluation cannot be interrupted once it runs).
 */
export function limitedFunctions(math: MathJsInstance): Record<string, Fn> {
  // Read when the wrapper is made, before it replaces the function in the instance: it calls the one it replaced.
  const original = (name: string) => (math as unknown as Record<string, Fn>)[name]!;
  const numbersIn = (value: unknown): number[] => {
    if (math.isMatrix(value)) return numbersIn((value as { valueOf(): unknown }).valueOf());
    if (Array.isArray(value)) return value.flatMap(numbersIn);
    if (typeof value === 'number' || math.isBigNumber(value) || math.isFraction(value))
      return [Number(value)];
    return [];
  };
  const elementsOf = (sizes: unknown[]) => numbersIn(sizes).reduce((n, size) => n * Math.abs(size), 1);
  const checkElements = (count: number) => {
    if (!(count <= MAX_ELEMENTS)) throw new Error(`The result would have more than ${MAX_ELEMENTS} elements`);
  };
  const sized = (name: string, sizesOf: (args: unknown[]) => number): Fn => {
    const fn = original(name);
    return (...args) => {
      checkElements(sizesOf(args));
      return fn(...args);
    };
  };
  const bounded = (name: string, max = MAX_MAGNITUDE): Fn => {
    const fn = original(name);
    return (...args) => {
      if (numbersIn(args).some((n) => Math.abs(n) > max))
        throw new Error(`${name} is limited to arguments up to ${max}`);
      return fn(...args);
    };
  };
  const sizeArg = (args: unknown[]) =>
    Array.isArray(args[0]) || math.isMatrix(args[0]) ? elementsOf([args[0]]) : 1;
  return {
    zeros: sized('zeros', elementsOf),
    ones: sized('ones', elementsOf),
    identity: sized('identity', elementsOf),
    range: sized('range', rangeLength),
    random: sized('random', sizeArg),
    randomInt: sized('randomInt', sizeArg),
    pickRandom: sized('pickRandom', (args) => (typeof args[1] === 'number' ? args[1] : 1)),
    resize: sized('resize', (args) => elementsOf([args[1]])),
    diag: sized('diag', (args) => numbersIn([args[0]]).length ** 2),
    factorial: bounded('factorial'),
    gamma: bounded('gamma'),
    lgamma: bounded('lgamma'),
    combinations: bounded('combinations'),
    combinationsWithRep: bounded('combinationsWithRep'),
    permutations: bounded('permutations'),
    bernoulli: bounded('bernoulli', 1000),
    isPrime: bounded('isPrime', 1e14),
  };
}

/** How many values `range(...)` would make, from its numbers or its `"start:step:end"` text. */
function rangeLength(args: unknown[]): number {
  const parts =
    typeof args[0] === 'string' ? args[0].split(':').map(Number) : args.filter((a) => typeof a !== 'boolean');
  const [start, a, b] = parts.map(Number);
  // The text form puts the step in the middle; the call form puts it last.
  const [end, step] = typeof args[0] === 'string' ? (b === undefined ? [a, 1] : [b, a]) : [a, b ?? 1];
  return Math.abs(((end ?? NaN) - (start ?? NaN)) / (step ?? 1));
}
