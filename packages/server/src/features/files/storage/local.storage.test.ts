import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage, type LocalStorage } from './local.storage';

const MB = 1024 * 1024;

function chunked(data: Buffer, chunk = 64 * 1024): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += chunk) parts.push(data.subarray(i, i + chunk));
  return Readable.from(parts);
}

describe('local storage', () => {
  let dataDir: string;
  let storage: LocalStorage;
  const tmpFiles = () => readdirSync(join(storage.root, '.tmp'));

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'parley-local-storage-'));
    storage = createLocalStorage(dataDir);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps files under {dataDir}/uploads/{user}/{file} and reads them back byte-identical', async () => {
    const data = randomBytes(12 * MB + 5);
    expect(await storage.put('user-a/file-1', chunked(data), 'image/png')).toEqual({ bytes: data.length });
    expect(existsSync(join(dataDir, 'uploads', 'user-a', 'file-1'))).toBe(true);
    const got = await storage.get('user-a/file-1');
    expect(got?.bytes).toBe(data.length);
    expect((await buffer(got!.body)).equals(data)).toBe(true);
    expect(tmpFiles()).toEqual([]);
  });

  it('creates files 0600 and folders 0700, readable by the server only', async () => {
    await storage.put('user-a/file-1', chunked(Buffer.from('private')), 'text/plain');
    const mode = (...path: string[]) => statSync(join(storage.root, ...path)).mode & 0o777;
    expect(mode('user-a', 'file-1')).toBe(0o600);
    expect([mode(), mode('user-a'), mode('.tmp')]).toEqual([0o700, 0o700, 0o700]);
  });

  it('closes an uploads folder an older version left world-readable, when it sweeps at start', async () => {
    mkdirSync(storage.root, { recursive: true });
    chmodSync(storage.root, 0o755);
    await storage.sweepTemporary();
    expect(statSync(storage.root).mode & 0o777).toBe(0o700);
  });

  it('answers null for an absent key', async () => {
    expect(await storage.get('user-a/never')).toBeNull();
  });

  it('deletes, after which get answers null; deleting again is not an error', async () => {
    await storage.put('user-a/gone', chunked(Buffer.from('bye')), 'text/plain');
    await storage.delete('user-a/gone');
    expect(await storage.get('user-a/gone')).toBeNull();
    await expect(storage.delete('user-a/gone')).resolves.toBeUndefined();
  });

  it('writes into a temporary file and leaves nothing at the key, nor in .tmp, when the stream fails', async () => {
    let sawTemporary = false;
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(MB);
        // Mid-put the bytes sit in .tmp/, not at the key. The write stream opens its file asynchronously, so on a
        // busy machine the first chunk can be handed over before the file exists: wait for it (bounded).
        for (let i = 0; i < 100 && tmpFiles().length === 0; i += 1)
          await new Promise((r) => setTimeout(r, 10));
        sawTemporary = tmpFiles().length === 1;
        expect(existsSync(join(storage.root, 'user-a', 'broken'))).toBe(false);
        throw new Error('client went away');
      })(),
    );
    await expect(storage.put('user-a/broken', failing, 'image/png')).rejects.toThrow('client went away');
    expect(sawTemporary).toBe(true);
    expect(existsSync(join(storage.root, 'user-a', 'broken'))).toBe(false);
    expect(await storage.get('user-a/broken')).toBeNull();
    expect(tmpFiles()).toEqual([]);
  });

  it.each([['../x'], ['.tmp/x'], ['user-a/../../x'], ['/etc/passwd'], ['user-a//x'], ['']])(
    'refuses the key %j',
    async (key) => {
      await expect(storage.put(key, chunked(Buffer.from('x')), 'text/plain')).rejects.toThrow(
        'invalid storage key',
      );
      await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      await expect(storage.delete(key)).rejects.toThrow('invalid storage key');
    },
  );

  it('sweepTemporary removes only temporary files idle for longer than the given time', async () => {
    await storage.put('user-a/kept', chunked(Buffer.from('kept')), 'text/plain');
    const tmpDir = join(storage.root, '.tmp');
    writeFileSync(join(tmpDir, 'stale'), 'left by a crash');
    writeFileSync(join(tmpDir, 'busy'), 'still being written');
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    utimesSync(join(tmpDir, 'stale'), hourAgo, hourAgo);
    expect(await storage.sweepTemporary(10 * 60_000)).toBe(1);
    expect(tmpFiles()).toEqual(['busy']);
    expect(existsSync(join(storage.root, 'user-a', 'kept'))).toBe(true);
  });

  it('sweepTemporary answers 0 when nothing was ever uploaded', async () => {
    expect(await storage.sweepTemporary()).toBe(0);
  });
});
