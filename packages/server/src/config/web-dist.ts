import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The built web app: `WEB_DIST_DIR` when set (a build kept elsewhere), else the one beside this package,
 * found from this file so any working directory works. Null when there is no `index.html` to serve.
 */
export function findWebDist(override?: string): string | null {
  const dir = override ? resolve(override) : join(serverPackageDir(import.meta.dirname), '../web/dist');
  return existsSync(join(dir, 'index.html')) ? dir : null;
}

/**
 * The nearest folder at or above `from` that holds a package.json: packages/server whether this code runs
 * from its source (src/config/) or from the compiled bundle (dist/ or one of its chunks).
 */
export function serverPackageDir(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return from;
  }
}
