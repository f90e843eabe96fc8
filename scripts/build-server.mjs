import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './lib/targets.mjs';

// The server as JavaScript: one ESM bundle per entry (the server, the migrate command and the operator's admin command) with the workspace's
// own TypeScript (@parley/shared included) inlined and every npm package left to node_modules. Splitting keeps
// each dynamic `import()` of our own code a separate chunk, loaded only when first called.

const outdir = join(ROOT, 'packages/server/dist');

/** Bare imports stay imports, except the workspace's own packages (TypeScript source, not published). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@parley/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: ROOT,
  entryPoints: {
    main: 'packages/server/src/main.ts',
    migrate: 'packages/server/src/db/migrate.cli.ts',
    admin: 'packages/server/src/admin/cli.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  chunkNames: 'chunks/[name]-[hash]',
  // Error classes and logs keep their names when two modules declare the same one.
  keepNames: true,
  sourcemap: 'linked',
  plugins: [externalPackages],
  logLevel: 'warning',
});
