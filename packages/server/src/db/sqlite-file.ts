import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/** The data directory holds the database, uploads and secrets.json: its owner only. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes a SQLite database file private before SQLite opens it: its directory is created 0700 and the file
 * 0600, whatever the umask. SQLite gives the `-wal` and `-shm` files it creates the database file's mode.
 * Files of an earlier install are tightened too, so an upgrade closes what 0644 left open.
 */
export function prepareSqliteFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
  if (!existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file)) tighten(file);
  }
}

function tighten(file: string): void {
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    // A file owned by someone else (a read-only mount, another user): SQLite will say whether it can use it.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}
