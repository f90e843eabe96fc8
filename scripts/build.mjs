import { buildStale } from './lib/build-inputs.mjs';
import { ROOT, runBuild, TARGETS } from './lib/targets.mjs';

// `npm run build [-- --force] [--quiet] [web|server]`: builds the web app (Vite) and the server (esbuild) when
// their inputs changed since the last build; --force builds them anyway, --quiet says nothing when all is fresh.

const args = process.argv.slice(2);
const force = args.includes('--force');
const quiet = args.includes('--quiet');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !TARGETS.some((t) => t.name === n));
if (unknown.length > 0) {
  process.stderr.write(`unknown build target: ${unknown.join(', ')} (known: web, server)\n`);
  process.exit(2);
}
const targets = names.length > 0 ? TARGETS.filter((t) => names.includes(t.name)) : TARGETS;
try {
  const built = await buildStale(ROOT, targets, runBuild, { force });
  const fresh = targets.filter((t) => !built.includes(t.name)).map((t) => t.name);
  if (built.length > 0) process.stdout.write(`built: ${built.join(', ')}\n`);
  if (fresh.length > 0 && !quiet) process.stdout.write(`up to date: ${fresh.join(', ')}\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
