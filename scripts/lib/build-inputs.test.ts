import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStale, listInputs, withBuildLock, type BuildTarget } from './build-inputs.mjs';
import { ROOT, SERVER, WEB } from './targets.mjs';

let root: string;
let builds: string[];

const target: BuildTarget = {
  name: 'app',
  outDir: 'out',
  mainFile: 'main.js',
  inputs: ['src', 'config.json'],
};

function write(path: string, text: string): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** A stand-in build: writes the output file and counts itself. */
const fakeBuild = (t: BuildTarget) => {
  builds.push(t.name);
  write(`${t.outDir}/${t.mainFile}`, 'built');
};

const run = (build = fakeBuild) => buildStale(root, [target], build);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'parley-build-inputs-'));
  builds = [];
  write('src/a.ts', 'export const a = 1;');
  write('src/a.test.ts', 'test');
  write('src/nested/b.ts', 'export const b = 2;');
  write('config.json', '{}');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('buildStale', () => {
  it('builds the first time, then skips while no input changed', async () => {
    expect(await run()).toEqual(['app']);
    expect(await run()).toEqual([]);
    expect(builds).toEqual(['app']);
  });

  it('builds again when an input file changes, is added or is removed', async () => {
    await run();
    write('src/nested/b.ts', 'export const b = 3;');
    expect(await run()).toEqual(['app']);
    write('src/c.ts', 'new');
    expect(await run()).toEqual(['app']);
    rmSync(join(root, 'src/c.ts'));
    expect(await run()).toEqual(['app']);
    expect(builds).toHaveLength(4);
  });

  it('ignores a touched file whose content is the same, and changes to tests', async () => {
    await run();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src/a.ts'), later, later);
    write('src/a.test.ts', 'a changed test');
    expect(await run()).toEqual([]);
  });

  it('builds again when the output is gone', async () => {
    await run();
    rmSync(join(root, 'out/main.js'));
    expect(await run()).toEqual(['app']);
  });

  it('retries a build that failed, even when nothing changed since', async () => {
    await run();
    write('src/a.ts', 'broken');
    await expect(
      run(() => {
        throw new Error('syntax error');
      }),
    ).rejects.toThrow('syntax error');
    expect(await run()).toEqual(['app']);
    expect(await run()).toEqual([]);
  });

  it('builds whatever the record says with force', async () => {
    await run();
    expect(await buildStale(root, [target], fakeBuild, { force: true })).toEqual(['app']);
  });
});

describe('the real targets', () => {
  it('cover the sources each build reads, tests and outputs left out', () => {
    const server = listInputs(ROOT, SERVER.inputs);
    expect(server).toContain('packages/server/src/main.ts');
    expect(server).toContain('packages/shared/src/index.ts');
    expect(server.some((f) => f.endsWith('.test.ts') || f.includes('/dist/'))).toBe(false);
    const web = listInputs(ROOT, WEB.inputs);
    expect(web).toContain('packages/web/index.html');
    expect(web).toContain('packages/shared/src/index.ts');
    expect(web.some((f) => f.startsWith('packages/server/'))).toBe(false);
  });
});

describe('withBuildLock', () => {
  it('runs one holder at a time', async () => {
    const order: string[] = [];
    const hold = (name: string) =>
      withBuildLock(root, async () => {
        order.push(`${name} in`);
        await new Promise((done) => setTimeout(done, 150));
        order.push(`${name} out`);
      });
    await Promise.all([hold('a'), hold('b')]);
    expect(order).toEqual(['a in', 'a out', 'b in', 'b out']);
  });
});
