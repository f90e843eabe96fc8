export type Catalogue = Record<string, string>;
/**
 * One language's main catalogue: its area files (`<lang>/<area>.json`, `common.json` for the shared texts) merged.
 * Each language's `index.ts` calls this with its own eager glob, so a language is one chunk that loads on demand.
 */
export declare function mergeFragments(fragments: Record<string, Catalogue>): Catalogue;
