import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';

/**
 * The built web app: `WEB_DIST_DIR` when set (a build kept elsewhere), else the one beside this package,
 * found from this file so any working directory works. Null when there is no `index.html` to serve.
 */
export function findWebDist(override?: string): string | null {
  const dir = override ? resolve(override) : fileURLToPath(new URL('../../../web/dist', import.meta.url));
  return existsSync(join(dir, 'index.html')) ? dir : null;
}
