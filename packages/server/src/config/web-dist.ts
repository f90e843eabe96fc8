import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The built web app beside this package, found from this file so any working directory works. */
export function findWebDist(): string | null {
  const dir = fileURLToPath(new URL('../../../web/dist', import.meta.url));
  return existsSync(join(dir, 'index.html')) ? dir : null;
}
