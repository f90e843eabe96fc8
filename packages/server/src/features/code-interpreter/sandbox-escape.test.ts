import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SandboxPool } from './sandbox-pool';
import { closeAll, testPool } from './sandbox.test-helpers';

// Each attempt runs in a fresh sandbox and must be refused: the run answers an error (never a throw of the host),
// and the host shows no trace of it (no connection, no file, no secret in the output).

/** Undoes the Python layer first, so the attempt meets the JavaScript and Node layers behind it. */
const WITHOUT_PYTHON_LAYER =
  "import sys\nsys.meta_path = [f for f in sys.meta_path if getattr(f, '__name__', '') != '_RefuseJs']\n";

describe('the Python sandbox refuses escape attempts', () => {
  let pool: SandboxPool;
  let listener: Server;
  let port: number;
  let connections = 0;
  let hostDir: string;

  beforeAll(async () => {
    pool = testPool({ limits: { wallMs: 20_000 } });
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as { port: number }).port;
    hostDir = mkdtempSync(join(tmpdir(), 'parley-sandbox-host-'));
    writeFileSync(join(hostDir, 'secret.txt'), 'host-secret-7f3a');
    await pool.warm();
  }, 120_000);
  afterAll(async () => {
    await closeAll();
    listener.close();
    rmSync(hostDir, { recursive: true, force: true });
  });
  afterEach(() => vi.unstubAllEnvs());

  const run = (code: string) => pool.run({ code });

  it('opens no socket', async () => {
    const result = await run(
      `import socket\ns = socket.socket()\ns.connect(('127.0.0.1', ${port}))\nprint('connected')`,
    );
    expect(result.ok).toBe(false);
    expect(result.error).toContain('PermissionError: [Errno 2] Permission denied');
    expect(result.stdout).toBe('');
    expect(connections).toBe(0);
  });

  it('fetches no URL with urllib', async () => {
    const result = await run(
      `import urllib.request\nprint(urllib.request.urlopen('http://127.0.0.1:${port}/').read())`,
    );
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/URLError: <urlopen error \[Errno 2\] Permission denied>/);
    expect(connections).toBe(0);
  });

  it('runs no shell command with os.system, nor a process with subprocess', async () => {
    const marker = join(hostDir, 'ran');
    const system = await run(`import os\nos.system('touch ${marker}')`);
    expect(system.ok).toBe(false);
    expect(system.error).toContain('PermissionError: os.system is not available in this sandbox');
    const subprocess = await run(`import subprocess\nsubprocess.run(['touch', '${marker}'])`);
    expect(subprocess.ok).toBe(false);
    expect(subprocess.error).toContain('OSError: [Errno 138] emscripten does not support processes.');
    // Past the Python layer, Emscripten's system() requires child_process and meets the locked module loader: the
    // interpreter fails (its sandbox is replaced), the host runs nothing.
    const posix = await run(`${WITHOUT_PYTHON_LAYER}import posix\nposix.system('touch ${marker}')`);
    expect(posix.error).toBe(
      'The Python interpreter failed: loading modules is not available in the sandbox',
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('forks nothing: a fork bomb stops at the first fork', async () => {
    const result = await run('import os\nwhile True:\n    os.fork()');
    expect(result.ok).toBe(false);
    expect(result.error).toContain('PermissionError: os.fork is not available in this sandbox');
    const posix = await run(`${WITHOUT_PYTHON_LAYER}import posix\nprint(posix.fork())`);
    expect(posix.error).toContain('OSError: [Errno 52] Function not implemented');
  });

  it("does not show the host's /etc/passwd", async () => {
    const hostFirstLine = readFileSync('/etc/passwd', 'utf8').split('\n')[0]!;
    const result = await run("print(open('/etc/passwd').read())");
    expect(result.ok).toBe(false);
    expect(result.error).toContain("FileNotFoundError: [Errno 44] No such file or directory: '/etc/passwd'");
    expect(result.stdout + result.error).not.toContain(hostFirstLine);
  });

  it('cannot list or read the data folder', async () => {
    const listed = await run(`import os\nprint(os.listdir('${hostDir}'))`);
    expect(listed.ok).toBe(false);
    expect(listed.error).toContain('FileNotFoundError');
    const read = await run(`print(open('${join(hostDir, 'secret.txt')}').read())`);
    expect(read.ok).toBe(false);
    expect(read.stdout + read.error).not.toContain('host-secret-7f3a');
  });

  it("sees none of the host's environment variables", async () => {
    vi.stubEnv('PARLEY_SANDBOX_SECRET', 'env-secret-91c2');
    const result = await run('import os\nprint(sorted(os.environ.items()))');
    expect(result.ok).toBe(true);
    expect(result.stdout).toBe(
      "[('HOME', '/home/pyodide'), ('LANG', 'C.UTF-8'), ('PATH', '/usr/bin'), ('USER', 'sandbox')]\n",
    );
  });

  it('has no js module: no process, require or fetch', async () => {
    for (const attempt of [
      'js.process.env',
      "js.require('fs')",
      "js.fetch('http://127.0.0.1')",
      'js.globalThis',
    ]) {
      const result = await run(`import js\nprint(${attempt})`);
      expect(result.ok).toBe(false);
      expect(result.error).toContain(
        "ModuleNotFoundError: No module named 'js': this sandbox has no JavaScript access",
      );
    }
    const unblocked = await run(`${WITHOUT_PYTHON_LAYER}import js\nprint(js.process)`);
    expect(unblocked.error).toContain("ModuleNotFoundError: No module named 'js'");
  });

  it('has no pyodide_js, pyodide.ffi or pyodide.code', async () => {
    for (const name of ['pyodide_js', 'pyodide.ffi', 'pyodide.code', '_pyodide_core']) {
      const result = await run(`import ${name}`);
      expect(result.ok).toBe(false);
      // A submodule is refused at its package.
      const refused = name.split('.')[0]!;
      expect(result.error).toContain(`No module named '${refused}': this sandbox has no JavaScript access`);
    }
    const unblocked = await run(`${WITHOUT_PYTHON_LAYER}import pyodide_js`);
    expect(unblocked.error).toContain("ModuleNotFoundError: No module named 'pyodide_js'");
    const runJs = await run(`${WITHOUT_PYTHON_LAYER}from pyodide.code import run_js\nrun_js('process')`);
    expect(runJs.error).toContain("ModuleNotFoundError: No module named 'js'");
  });

  it('builds no JavaScript from text, even holding a JavaScript function', async () => {
    const result = await run(
      `${WITHOUT_PYTHON_LAYER}import _pyodide_core\nf = _pyodide_core.create_once_callable(lambda: 1)\n` +
        "print(f.constructor('return process.env')())",
    );
    expect(result.ok).toBe(false);
    expect(result.error).toContain('EvalError: Code generation from strings disallowed for this context');
  });

  it('still runs ordinary code after every attempt', async () => {
    expect(await run('print(1 + 1)')).toMatchObject({ ok: true, stdout: '2\n' });
  });
});

describe('the Python sandbox stops runaway code', () => {
  afterAll(closeAll);

  it('kills an infinite loop at the wall-time limit, and the pool recovers', async () => {
    const pool = testPool({ limits: { wallMs: 1500, cpuMs: 600_000 } });
    const looped = await pool.run({ code: 'while True:\n    pass', sessionKey: 's' });
    expect(looped).toMatchObject({
      ok: false,
      stopped: 'wall_time',
      error: 'The code ran longer than 1.5 s and was stopped.',
    });
    expect(await pool.run({ code: 'print(1 + 1)', sessionKey: 's' })).toMatchObject({
      ok: true,
      stdout: '2\n',
    });
  }, 60_000);

  it('kills a busy loop at the CPU-time limit', async () => {
    const pool = testPool({ limits: { wallMs: 600_000, cpuMs: 1000 } });
    const looped = await pool.run({ code: 'while True:\n    pass' });
    expect(looped).toMatchObject({
      ok: false,
      stopped: 'cpu_time',
      error: 'The code used more than 1 s of CPU time and was stopped.',
    });
  }, 60_000);

  it('kills a memory bomb at the memory limit', async () => {
    const pool = testPool({ limits: { memoryMb: 300 } });
    const bomb = await pool.run({ code: "blocks = []\nwhile True:\n    blocks.append(b'x' * 10_000_000)" });
    expect(bomb).toMatchObject({
      ok: false,
      stopped: 'memory',
      error: 'The code used more than 300 MB of memory and was stopped.',
    });
    expect(await pool.run({ code: 'print(len(b"x" * 1000))' })).toMatchObject({ ok: true, stdout: '1000\n' });
  }, 60_000);

  it('answers a runaway recursion as a Python error', async () => {
    const pool = testPool();
    const result = await pool.run({ code: 'def f():\n    return f()\nf()' });
    expect(result.ok).toBe(false);
    expect(result.error).toContain('RecursionError: maximum recursion depth exceeded');
  }, 60_000);
});
