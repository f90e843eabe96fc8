import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('SQLite file modes', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-modes-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('creates the data directory 0700 and parley.db with its -wal and -shm 0600', async () => {
    const dataDir = join(tempDir(), 'data');
    const path = join(dataDir, 'parley.db');
    const handle = openDatabase(path);
    await sql`create table t (x integer)`.execute(handle.db);
    await sql`insert into t values (1)`.execute(handle.db);
    expect(mode(dataDir)).toBe(0o700);
    for (const file of [path, `${path}-wal`, `${path}-shm`])
      expect([file, mode(file)]).toEqual([file, 0o600]);
    await handle.destroy();
  });

  it('tightens a database file an earlier install left world-readable', async () => {
    const path = join(tempDir(), 'parley.db');
    writeFileSync(path, '');
    chmodSync(path, 0o644);
    const handle = openDatabase(path);
    await sql`select 1`.execute(handle.db);
    expect(mode(path)).toBe(0o600);
    await handle.destroy();
  });
});
