import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * What a worker loads its module with. The built server's module is JavaScript: a plain `import()`. Run from source
 * (tsx, Vitest, the benches) it is TypeScript, which a worker thread of Node 20 cannot load by itself (it does not
 * run `--import` hooks): tsx, a development dependency then present, imports it through its API.
 */
export function tsxApiFor(entryUrl: string): string | undefined {
  if (!/\.[cm]?ts$/.test(new URL(entryUrl).pathname)) return undefined;
  // The ESM build of `tsx/esm/api` (what its `import` condition names): require.resolve would give the CommonJS one.
  const root = dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return pathToFileURL(join(root, 'dist/esm/api/index.mjs')).href;
}

/** The worker's first code, a script: it loads the module it is told of and starts the module's loop. */
export const WORKER_BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(async () => {
  const { entryUrl, tsxApi } = workerData;
  const entry = tsxApi ? await (await import(tsxApi)).tsImport(entryUrl, entryUrl) : await import(entryUrl);
  entry.runExtractWorker();
})();
`;
