import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

// The two things `npm start` and `npm run build` produce, what each is built from, and how. Each build runs
// in its own process, so neither esbuild's service nor Vite stays in the memory of the server started after.

export const ROOT = resolve(import.meta.dirname, '../..');

/** Inputs both builds share: the shared package, the lock file (a dependency update) and these scripts. */
const COMMON = [
  'package-lock.json',
  'tsconfig.base.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'scripts/lib/targets.mjs',
];

export const WEB = {
  name: 'web',
  outDir: 'packages/web/dist',
  mainFile: 'index.html',
  inputs: [
    ...COMMON,
    'packages/web/src',
    'packages/web/public',
    'packages/web/index.html',
    'packages/web/vite.config.ts',
    'packages/web/tsconfig.json',
    'packages/web/package.json',
  ],
};

export const SERVER = {
  name: 'server',
  outDir: 'packages/server/dist',
  mainFile: 'main.js',
  inputs: [
    ...COMMON,
    'packages/server/src',
    'packages/server/package.json',
    'packages/server/tsconfig.json',
    'scripts/build-server.mjs',
  ],
};

export const TARGETS = [WEB, SERVER];

/**
 * Builds are production builds whatever the caller's NODE_ENV: Vite takes NODE_ENV=test (which Vitest sets, so a test
 * that builds would otherwise leave one behind) or development as the cue for React's development build, and the
 * content hash that says a build is current knows nothing of the environment it was made in.
 */
const BUILD_ENV = { ...process.env, NODE_ENV: 'production' };

function run(args, cwd, what) {
  const result = spawnSync(process.execPath, args, { cwd, stdio: 'inherit', env: BUILD_ENV });
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal})`);
}

/** Runs a target's build in a child process; throws when it fails. */
export function runBuild(target) {
  if (target === WEB) {
    const webDir = join(ROOT, 'packages/web');
    const vite = join(
      dirname(createRequire(join(webDir, 'package.json')).resolve('vite/package.json')),
      'bin/vite.js',
    );
    run([vite, 'build', '--logLevel', 'warn'], webDir, 'the web build (vite build)');
  } else if (target === SERVER) {
    run([join(ROOT, 'scripts/build-server.mjs')], ROOT, 'the server build (esbuild)');
  } else {
    throw new Error(`unknown build target ${target.name}`);
  }
}
