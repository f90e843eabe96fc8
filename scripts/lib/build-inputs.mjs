import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// What `npm start` rebuilds: a target is stale when the hash of its inputs differs from the one recorded next
// to its output by the last successful build. Content, not mtimes: a checkout or a copy that touches every
// file without changing it costs no rebuild, and an edit is seen whatever the clock says.

/** The file each build writes last, inside its output folder (a failed or partial build leaves none). */
export const RECORD_FILE = '.build-inputs';

const SKIPPED = /(^|\/)(node_modules|dist|e2e|\.[^/]+)(\/|$)|\.test\.tsx?$/;

/** Every file under `paths` (files or folders, relative to `root`), tests and outputs left out, sorted. */
export function listInputs(root, paths) {
  const files = [];
  const walk = (rel) => {
    const abs = join(root, rel);
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (SKIPPED.test(child)) continue;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  for (const path of paths) {
    const abs = join(root, path);
    if (!existsSync(abs)) continue;
    if (statSync(abs).isDirectory()) walk(path);
    else files.push(path);
  }
  return [...new Set(files)].sort();
}

/** sha256 over each input's path and content. */
export function hashInputs(root, paths) {
  const hash = createHash('sha256');
  for (const file of listInputs(root, paths)) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** A target: its inputs, its output folder and the file that proves a build finished there. */
export function isStale(root, target) {
  const out = join(root, target.outDir);
  const record = join(out, RECORD_FILE);
  if (!existsSync(join(out, target.mainFile)) || !existsSync(record)) return true;
  return readFileSync(record, 'utf8').trim() !== hashInputs(root, target.inputs);
}

/** Removes the record before a build, so an interrupted build is stale next time. */
export function forgetBuild(root, target) {
  rmSync(join(root, target.outDir, RECORD_FILE), { force: true });
}

/** Writes the record after a successful build: the hash of the inputs as they were when it started. */
export function recordBuild(root, target, hash) {
  writeFileSync(join(root, target.outDir, RECORD_FILE), `${hash}\n`);
}

/**
 * Builds each stale target with `build(target)` (which throws on failure) and records it; answers the names
 * of the targets it built. A target's record is removed first, so a failed build is retried next time.
 */
export async function buildStale(root, targets, build, { force = false } = {}) {
  if (!force && !targets.some((target) => isStale(root, target))) return [];
  return withBuildLock(root, async () => {
    const built = [];
    for (const target of targets) {
      // Checked again under the lock: another process may have just built it.
      if (!force && !isStale(root, target)) continue;
      const hash = hashInputs(root, target.inputs);
      forgetBuild(root, target);
      await build(target);
      recordBuild(root, target, hash);
      built.push(target.name);
    }
    return built;
  });
}

const LOCK_STALE_MS = 5 * 60_000;

/**
 * Runs `fn` while holding a lock folder, so two processes starting at once (two test files, two terminals) do
 * not build into the same output together. A lock older than any build (its holder died) is taken over.
 */
export async function withBuildLock(root, fn) {
  const lock = join(root, 'node_modules/.cache/parley-build.lock');
  mkdirSync(join(lock, '..'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (Date.now() - statSafeMs(lock) > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      else await new Promise((done) => setTimeout(done, 100));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function statSafeMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Date.now();
  }
}
