import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findWebDist, serverPackageDir } from './web-dist';

const serverDir = resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('findWebDist', () => {
  it('finds the server package from its sources and from the compiled bundle and its chunks', () => {
    expect(serverPackageDir(import.meta.dirname)).toBe(serverDir);
    expect(serverPackageDir(join(serverDir, 'dist'))).toBe(serverDir);
    expect(serverPackageDir(join(serverDir, 'dist/chunks'))).toBe(serverDir);
  });

  it('answers the web build beside the server package, or WEB_DIST_DIR, when it has an index.html', () => {
    const web = join(serverDir, '../web/dist');
    const found = findWebDist();
    expect(found === null || found === web).toBe(true);

    const other = mkdtempSync(join(tmpdir(), 'parley-web-dist-'));
    dirs.push(other);
    expect(findWebDist(other)).toBeNull();
    mkdirSync(other, { recursive: true });
    writeFileSync(join(other, 'index.html'), '<!doctype html>');
    expect(findWebDist(other)).toBe(other);
  });
});
