import { useEffect, useReducer } from 'react';
import type { MathPlugins } from './markdown-plugins';

let loaded: MathPlugins | null = null;
let loading: Promise<MathPlugins> | null = null;

function loadMathPlugins(): Promise<MathPlugins> {
  loading ??= import('./math-plugins').then(
    (m) => (loaded = m.mathPlugins),
    (error: unknown) => {
      loading = null; // a failed chunk load may be retried by the next text that needs maths
      throw error;
    },
  );
  return loading;
}

/**
 * The maths plugins when `needed`, loading them on first need; null until they are there (the text renders
 * without maths meanwhile, then once more with it).
 */
export function useMathPlugins(needed: boolean): MathPlugins | null {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    loadMathPlugins().then(
      () => live && rerender(),
      () => undefined, // without the chunk the maths stays as its source text
    );
    return () => {
      live = false;
    };
  }, [needed]);
  return needed ? loaded : null;
}
