import { createRequire } from 'node:module';
import type * as MathJs from 'mathjs';
import type { MathJsInstance, MathNode } from 'mathjs';
import { limitedFunctions, refusedName, REFUSED_NAMES } from './calculator-limits';

/** A mathjs instance whose expressions can compute but not define code, change the instance or reach JavaScript. */
export interface RestrictedMath {
  /** The value of `expression` (a ResultSet for several statements); throws mathjs's error or a refusal. */
  evaluate(expression: string): unknown;
  format(value: unknown): string;
}

const KEPT = new Set(['typed', 'config', 'reviver', 'replacer']);

let loading: Promise<RestrictedMath> | undefined;

/**
 * mathjs's single-file build, the same library as its ES modules: importing those (about 700 files) kept about 30 MB
 * of heap and 85 MB of RSS and took seconds on a busy machine; this file keeps about 6 MB of heap and 28 MB of RSS
 * and loads in a fraction of a second (docs/performance.md, rss-after-use).
 */
const MATHJS_BUNDLE = 'mathjs/lib/browser/math.js';
const load = createRequire(import.meta.url);

/** Loaded on first use and kept: even the bundle's instance is memory a server may never need. */
export function loadRestrictedMath(): Promise<RestrictedMath> {
  return (loading ??= Promise.resolve().then(() => {
    const { create, all } = load(MATHJS_BUNDLE) as typeof MathJs;
    return restrict(create(all!));
  }));
}

function restrict(math: MathJsInstance): RestrictedMath {
  // Kept before the names are replaced below: the calculator itself parses, the expressions may not.
  const parse = math.parse.bind(math);
  const refuse = (name: string) => () => {
    throw new Error(`"${name}" is not available in the calculator`);
  };
  // Refused twice over: the parse tree is checked before it runs, and the functions themselves are replaced, so a
  // way round the check (a name reached through a value) still meets a function that throws.
  // `typed` and `config` stay: every other function is built from them when first used.
  const replaceable = [...REFUSED_NAMES].filter((n) => !KEPT.has(n));
  const replaced: Record<string, unknown> = Object.fromEntries(replaceable.map((n) => [n, refuse(n)]));
  math.import({ ...replaced, ...limitedFunctions(math) }, { override: true });

  return {
    evaluate(expression) {
      const tree = parse(expression);
      tree.traverse((node: MathNode) => {
        if (node.type === 'FunctionAssignmentNode') throw new Error('Defining functions is not available');
        const why =
          node.type === 'SymbolNode' ? refusedName(math, (node as MathNode & { name: string }).name) : null;
        if (why) throw new Error(why);
      });
      return tree.compile().evaluate(new Map());
    },
    format(value) {
      // 14 digits hide binary rounding (0.1 + 0.2 is 0.3); plain notation up to 1e15 keeps 10! as 3628800.
      return math.format(value, { precision: 14, lowerExp: -7, upperExp: 15 });
    },
  };
}
