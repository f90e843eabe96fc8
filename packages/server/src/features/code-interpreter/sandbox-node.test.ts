import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { procUsage } from './sandbox-limits';
import { pyodideDir, sandboxNodeFlags } from './sandbox-node';

// The Node layer alone, with a probe in place of the runner: what a sandbox process could do if every other layer
// fell. Each probe prints what happened.
describe("a sandbox process's Node flags", () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-sandbox-node-'));
  writeFileSync(join(dir, 'secret.txt'), 'host-secret');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const probe = (code: string) => {
    const result = spawnSync(
      process.execPath,
      [...sandboxNodeFlags([pyodideDir()], 256), '--input-type=module', '-e', code],
      { env: {}, encoding: 'utf8', timeout: 30_000 },
    );
    return `${result.stdout}${result.stderr}`;
  };
  const attempt = (body: string) =>
    `try { ${body}; console.log('ALLOWED'); } catch (e) { console.log('REFUSED', e.code ?? e.name); }`;

  it('reads the pyodide package and nothing else', () => {
    expect(
      probe(
        `import fs from 'node:fs'; ${attempt(`fs.readFileSync(${JSON.stringify(join(pyodideDir(), 'package.json'))})`)}`,
      ),
    ).toBe('ALLOWED\n');
    expect(
      probe(
        `import fs from 'node:fs'; ${attempt(`fs.readFileSync(${JSON.stringify(join(dir, 'secret.txt'))})`)}`,
      ),
    ).toBe('REFUSED ERR_ACCESS_DENIED\n');
    expect(probe(`import fs from 'node:fs'; ${attempt("fs.readFileSync('/etc/passwd')")}`)).toBe(
      'REFUSED ERR_ACCESS_DENIED\n',
    );
  });

  it('writes no file, starts no process and no worker', () => {
    expect(
      probe(
        `import fs from 'node:fs'; ${attempt(`fs.writeFileSync(${JSON.stringify(join(dir, 'x'))}, 'x')`)}`,
      ),
    ).toBe('REFUSED ERR_ACCESS_DENIED\n');
    expect(probe(`import cp from 'node:child_process'; ${attempt("cp.spawnSync('id')")}`)).toBe(
      'REFUSED ERR_ACCESS_DENIED\n',
    );
    expect(
      probe(`import { Worker } from 'node:worker_threads'; ${attempt("new Worker('1', { eval: true })")}`),
    ).toBe('REFUSED ERR_ACCESS_DENIED\n');
  });

  it('compiles no code from text', () => {
    expect(probe(attempt("new Function('return 1')()"))).toBe('REFUSED EvalError\n');
    expect(probe(attempt("eval('1')"))).toBe('REFUSED EvalError\n');
  });

  it("turns on this Node's permission model, whatever it calls it", () => {
    expect(
      probe(
        `console.log(process.permission.has('fs.read', ${JSON.stringify(pyodideDir())}), ` +
          "process.permission.has('fs.read', '/'), process.permission.has('fs.write'), process.permission.has('child'))",
      ),
    ).toBe('true false false false\n');
  });
});

describe('reading a process from /proc', () => {
  it("answers this process's memory and CPU time, and nothing for a process that is gone", () => {
    const usage = procUsage(process.pid)!;
    expect(usage.rssMb).toBeGreaterThan(10);
    expect(usage.cpuMs).toBeGreaterThan(0);
    expect(procUsage(2 ** 22 + 12345)).toBeUndefined();
  });
});
