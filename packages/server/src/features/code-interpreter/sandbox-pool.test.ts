import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSharp } from '../files/sharp-loader';
import type { SandboxPool } from './sandbox-pool';
import { pyodideDir } from './sandbox-node';
import { snapshotFile } from './sandbox-snapshot';
import { closeAll, manualClock, testPool } from './sandbox.test-helpers';

/** A 3×2 RGB PNG drawn with the standard library alone (zlib and struct). */
const DRAW_PNG = `
import struct, zlib
def chunk(kind, data):
    body = kind + data
    return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)
width, height = 3, 2
rows = b''.join(b'\\x00' + bytes([255, 0, 0]) * width for _ in range(height))
png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0))
png += chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b'')
with open('/mnt/data/red.png', 'wb') as f:
    f.write(png)
`;

describe('a run in the Python sandbox', () => {
  let pool: SandboxPool;
  beforeAll(async () => {
    pool = testPool({ size: 1, limits: { outputBytes: 1000, fileCount: 2, fileBytes: 5000 } });
    await pool.warm();
  }, 120_000);
  afterAll(closeAll);

  it('answers stdout and stderr, and prints the last expression', async () => {
    const result = await pool.run({ code: "import sys\nprint('out')\nprint('err', file=sys.stderr)\n6 * 7" });
    expect(result).toMatchObject({
      ok: true,
      stdout: 'out\n42\n',
      stderr: 'err\n',
      files: [],
      skippedFiles: [],
    });
    expect(result.error).toBeUndefined();
  });

  it('cuts stdout at its cap and says how much was left out', async () => {
    const result = await pool.run({ code: "print('a' * 4999)" });
    expect(result.stdout).toBe(`${'a'.repeat(1000)}\n[output cut: 4000 more bytes]`);
  });

  it("answers an exception as its traceback, without the runner's frames", async () => {
    const result = await pool.run({ code: "x = 1\nprint('before')\nx / 0" });
    expect(result.ok).toBe(false);
    expect(result.stdout).toBe('before\n');
    expect(result.error).toBe(
      'Traceback (most recent call last):\n  File "<code>", line 3, in <module>\nZeroDivisionError: division by zero\n',
    );
  });

  it('answers a syntax error', async () => {
    const result = await pool.run({ code: 'def (' });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/File "<code>", line 1\n[\s\S]*SyntaxError: invalid syntax/);
  });

  it('treats exit(0) as the end of the code, and another code as an error', async () => {
    expect(await pool.run({ code: "import sys\nprint('x')\nsys.exit(0)" })).toMatchObject({
      ok: true,
      stdout: 'x\n',
    });
    expect(await pool.run({ code: 'import sys\nsys.exit(3)' })).toMatchObject({
      ok: false,
      error: 'SystemExit: 3',
    });
  });

  it('reads attached files at /mnt/data and hands back only what the code wrote', async () => {
    const result = await pool.run({
      code: `${DRAW_PNG}\nrows = open('/mnt/data/in.csv').read().splitlines()\nopen('/mnt/data/out.csv', 'w').write('n\\n' + str(len(rows)) + '\\n')`,
      files: [{ name: 'in.csv', bytes: Buffer.from('a,b\n1,2\n3,4\n') }],
    });
    expect(result.ok).toBe(true);
    const byName = Object.fromEntries(result.files.map((f) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(['out.csv', 'red.png']);
    expect(byName['out.csv']).toMatchObject({ type: 'text/csv' });
    expect(byName['out.csv']!.bytes.toString()).toBe('n\n3\n');
    expect(byName['red.png']!.type).toBe('image/png');
    const sharp = await loadSharp();
    const meta = await sharp(byName['red.png']!.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([3, 2]);
  });

  it('gives attached files clean names: no folders', async () => {
    const result = await pool.run({
      code: "import os\nprint(sorted(os.listdir('/mnt/data')))",
      files: [{ name: '../../etc/evil.txt', bytes: Buffer.from('x') }],
    });
    expect(result.stdout).toBe("['evil.txt']\n");
  });

  it('skips files over the size or count cap, and says which', async () => {
    const result = await pool.run({
      code: "for n in 'abc':\n    open(f'/mnt/data/{n}.txt', 'w').write(n)\nopen('/mnt/data/big.bin', 'wb').write(b'x' * 6000)",
    });
    // In the order they were written: two within the count, then one past it, and one past the size.
    expect(result.files.map((f) => [f.name, f.bytes.toString()])).toEqual([
      ['a.txt', 'a'],
      ['b.txt', 'b'],
    ]);
    expect(result.skippedFiles).toEqual(['c.txt', 'big.bin']);
  });

  it('refuses attached files over the total size', async () => {
    const small = testPool({ limits: { inputBytes: 10 } });
    await expect(
      small.run({ code: 'pass', files: [{ name: 'a', bytes: Buffer.alloc(11) }] }),
    ).rejects.toThrow('The attached files are 11 B together; the sandbox accepts 10 B.');
  });
});

describe('sessions of the Python sandbox pool', () => {
  afterAll(closeAll);

  it('keeps variables within a session, never across sessions or in a run without one', async () => {
    const pool = testPool();
    await pool.run({ code: 'secret = 41', sessionKey: 'alice' });
    expect(await pool.run({ code: 'secret + 1', sessionKey: 'alice' })).toMatchObject({
      ok: true,
      stdout: '42\n',
    });
    const other = await pool.run({ code: 'secret', sessionKey: 'bob' });
    expect(other.error).toContain("NameError: name 'secret' is not defined");
    expect((await pool.run({ code: 'secret' })).error).toContain("NameError: name 'secret' is not defined");
    expect(pool.stats()).toMatchObject({ sessions: 2, running: 0 });
  }, 60_000);

  it("runs one session's calls one at a time, in order", async () => {
    const pool = testPool();
    const runs = [1, 2, 3].map((n) =>
      pool.run({ code: `log = globals().get('log', []) + [${n}]\nlog`, sessionKey: 's' }),
    );
    const results = await Promise.all(runs);
    expect(results.map((r) => r.stdout)).toEqual(['[1]\n', '[1, 2]\n', '[1, 2, 3]\n']);
  }, 60_000);

  it('releases an idle session after idleMs, and the warm sandboxes once the pool is idle', async () => {
    const clock = manualClock();
    const pool = testPool({ size: 1, idleMs: 60_000, clock });
    await pool.run({ code: 'kept = 1', sessionKey: 'a' });
    await pool.warm();
    expect(pool.stats()).toMatchObject({ sessions: 1, warm: 1 });
    clock.advance(59_999);
    expect(pool.stats()).toMatchObject({ sessions: 1, warm: 1 });
    clock.advance(1);
    expect(pool.stats()).toMatchObject({ sessions: 0, warm: 0 });
    const again = await pool.run({ code: 'kept', sessionKey: 'a' });
    expect(again.error).toContain("NameError: name 'kept' is not defined");
  }, 60_000);

  it('releases the least recently used idle session when all sandboxes are held', async () => {
    const clock = manualClock();
    const pool = testPool({ maxSandboxes: 2, clock });
    await pool.run({ code: 'v = "a"', sessionKey: 'a' });
    clock.advance(1);
    await pool.run({ code: 'v = "b"', sessionKey: 'b' });
    clock.advance(1);
    await pool.run({ code: 'v', sessionKey: 'a' });
    clock.advance(1);
    await pool.run({ code: 'v = "c"', sessionKey: 'c' });
    expect(pool.stats().sessions).toBe(2);
    expect((await pool.run({ code: 'v', sessionKey: 'a' })).stdout).toBe("'a'\n");
    expect((await pool.run({ code: 'v', sessionKey: 'b' })).error).toContain(
      "NameError: name 'v' is not defined",
    );
  }, 90_000);

  it('replaces a session whose sandbox was killed by a limit', async () => {
    const pool = testPool({ limits: { wallMs: 1500 } });
    await pool.run({ code: 'kept = 1', sessionKey: 's' });
    expect(await pool.run({ code: 'while True: pass', sessionKey: 's' })).toMatchObject({
      stopped: 'wall_time',
    });
    expect((await pool.run({ code: 'kept', sessionKey: 's' })).error).toContain(
      "NameError: name 'kept' is not defined",
    );
    expect(await pool.run({ code: 'print("fresh")', sessionKey: 's' })).toMatchObject({
      ok: true,
      stdout: 'fresh\n',
    });
  }, 60_000);

  it('stops a run when its signal aborts, and goes on serving', async () => {
    const pool = testPool({ limits: { wallMs: 600_000 } });
    const controller = new AbortController();
    const running = pool.run({ code: 'while True: pass', sessionKey: 's', signal: controller.signal });
    await vi.waitFor(() => expect(pool.stats().running).toBe(1), { timeout: 30_000, interval: 50 });
    controller.abort(new Error('stopped by the user'));
    await expect(running).rejects.toThrow('stopped by the user');
    expect(await pool.run({ code: '1 + 1', sessionKey: 's' })).toMatchObject({ ok: true, stdout: '2\n' });
  }, 60_000);

  it('refuses runs once closed', async () => {
    const pool = testPool();
    await pool.close();
    await expect(pool.run({ code: '1' })).rejects.toThrow('the Python sandbox pool is closed');
  });
});

describe('the memory snapshot of the Python sandbox pool', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await closeAll();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('starts sandboxes without it when the cached one is damaged, and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-snapshot-'));
    dirs.push(dir);
    writeFileSync(snapshotFile(dir, pyodideDir()), 'not a snapshot');
    const errors: string[] = [];
    const pool = testPool({ cacheDir: dir, onError: (error) => errors.push(error.message) });
    expect(await pool.run({ code: 'print(2 ** 10)' })).toMatchObject({ ok: true, stdout: '1024\n' });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^the Python sandbox did not start/);
    expect(existsSync(snapshotFile(dir, pyodideDir()))).toBe(false);
  }, 120_000);

  it('starts sandboxes without it when it cannot be written, and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-snapshot-'));
    dirs.push(dir);
    const notAFolder = join(dir, 'file');
    writeFileSync(notAFolder, 'x');
    const errors: string[] = [];
    const pool = testPool({
      cacheDir: join(notAFolder, 'cache'),
      onError: (error) => errors.push(error.message),
    });
    expect(await pool.run({ code: 'print("ok")' })).toMatchObject({ ok: true, stdout: 'ok\n' });
    expect(errors).toEqual([expect.stringContaining('ENOTDIR')]);
  }, 120_000);
});
