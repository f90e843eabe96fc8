import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { newFile, newUserRow } from '../../../test/factories.test-helpers';
import { uploadTempDir } from './temp-files';

const repoRoot = fileURLToPath(new URL('../../../../..', import.meta.url));
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A data folder as a crash mid-upload leaves it: a pending row with its object, and a temporary file. */
async function crashedDataDir() {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-files-start-'));
  dirs.push(dataDir);
  const database = openDatabase(join(dataDir, 'parley.db'));
  await migrateToLatest(database);
  const long = new Date(Date.now() - 60 * 60_000);
  const at = long.toISOString();
  const user = await newUserRow(database.db, { name: 'Ann', email: 'ann@example.com', created_at: at });
  const pending = { filename: 'a.png', status: 'pending', messageFile: 0, at } as const;
  const { file_id: fileId } = await newFile(database.db, user.id, pending);
  await database.destroy();
  const object = join(dataDir, 'uploads', user.id, fileId);
  mkdirSync(join(object, '..'), { recursive: true });
  writeFileSync(object, 'half an upload');
  const temporary = join(uploadTempDir(dataDir), 'upload-left');
  mkdirSync(uploadTempDir(dataDir), { recursive: true });
  writeFileSync(temporary, 'x');
  utimesSync(temporary, long, long);
  return { dataDir, object, temporary };
}

it('main.ts repairs interrupted uploads at start, logs it, and still stops cleanly', async () => {
  const { dataDir, object, temporary } = await crashedDataDir();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => stdout.includes('Parley is listening') && resolve());
    void exited.then((code) => reject(new Error(`exited ${code}: ${stdout}`)));
  });
  expect(stdout).toContain('file repair: 1 unfinished file(s) and 1 temporary file(s) removed');
  expect(existsSync(object)).toBe(false);
  expect(existsSync(temporary)).toBe(false);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  const database = openDatabase(join(dataDir, 'parley.db'));
  expect(await database.db.selectFrom('files').selectAll().execute()).toEqual([]);
  await database.destroy();
}, 60_000); // a child process under tsx starts slowly on a busy machine
