import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { buildStale } from './lib/build-inputs.mjs';
import { ROOT, runBuild, SERVER, TARGETS } from './lib/targets.mjs';

// `npm start`: builds what changed since the last build (the web app, the server), then runs the compiled
// server in this very process: no nested `npm run`, no TypeScript loader, nothing left of the builds in memory
// (they run as child processes).

try {
  const built = await buildStale(ROOT, TARGETS, (target) => {
    process.stdout.write(`Parley: building the ${target.name} (its sources changed since the last build)\n`);
    runBuild(target);
  });
  if (built.length > 0) process.stdout.write(`Parley: built ${built.join(' and ')}\n`);
} catch (error) {
  process.stderr.write(`Parley cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await import(pathToFileURL(join(ROOT, SERVER.outDir, SERVER.mainFile)).href);
