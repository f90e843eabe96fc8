import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExtractPool, type ExtractPool, type ExtractPoolOptions } from './extract-pool';
import { ExtractError } from './extracted-document';
import { FAKE_WORKER_URL } from './fixtures/fake-extract.worker.test-helpers';

const pools: ExtractPool[] = [];
function pool(options: Partial<ExtractPoolOptions> = {}): ExtractPool {
  const created = createExtractPool({
    size: 1,
    timeoutMs: 20_000,
    memoryMb: 64,
    idleMs: 60_000,
    entryUrl: async () => FAKE_WORKER_URL,
    ...options,
  });
  pools.push(created);
  return created;
}
const file = (filename: string) => ({
  bytes: new Uint8Array([1, 2, 3]),
  type: 'text/plain',
  filename,
  maxTextChars: 100,
});

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('extract pool', () => {
  it('starts no thread before the first file, then answers files in the order they came', async () => {
    const p = pool();
    expect(p.threads()).toBe(0);
    const answers = await Promise.all([p.run(file('one')), p.run(file('two')), p.run(file('three'))]);
    expect(answers.map((a) => a.sections[0]!.text)).toEqual(['one 3', 'two 3', 'three 3']);
    expect(p.threads()).toBe(1);
  });

  it('answers a worker-side ExtractError as an ExtractError with its code and message', async () => {
    const error = await rejection(pool().run(file('refuse')));
    expect(error).toBeInstanceOf(ExtractError);
    expect(error).toMatchObject({ code: 'encrypted', message: 'refused' });
  });

  it('runs as many files at once as it has workers', async () => {
    const p = pool({ size: 2 });
    const both = Promise.all([p.run(file('block:300')), p.run(file('block:300'))]);
    await vi.waitFor(() => expect(p.threads()).toBe(2));
    const threads = (await both).map((a) => a.sections[0]!.where);
    expect(new Set(threads).size).toBe(2);
  });

  it('ends a worker that runs past the time limit, answers timeout, and reads the next file on a new worker', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const p = pool({ timeoutMs: 5_000 });
    const stuck = rejection(p.run(file('hang')));
    await vi.waitFor(() => expect(p.threads()).toBe(1));
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await stuck;
    expect(error).toBeInstanceOf(ExtractError);
    expect(error).toMatchObject({ code: 'timeout', message: 'reading the file took longer than 5 s' });
    expect(p.threads()).toBe(0);
    vi.useRealTimers();
    expect((await p.run(file('after'))).sections[0]!.text).toBe('after 3');
  });

  it('answers damaged when the worker crashes, and replaces it', async () => {
    const p = pool();
    const error = await rejection(p.run(file('crash')));
    expect(error).toBeInstanceOf(ExtractError);
    expect((error as ExtractError).code).toBe('damaged');
    expect((error as ExtractError).message).toBe(
      'the file could not be read: the reader stopped (a reader crashed)',
    );
    expect((await p.run(file('next'))).sections[0]!.text).toBe('next 3');
  });

  it('answers damaged when the worker exits', async () => {
    const p = pool();
    const error = await rejection(p.run(file('exit')));
    expect(error).toMatchObject({
      code: 'damaged',
      message: 'the file could not be read: the reader stopped (the worker exited (3))',
    });
    expect((await p.run(file('next'))).sections[0]!.text).toBe('next 3');
  });

  it('answers too_large when the worker runs out of its memory, and replaces it', async () => {
    const p = pool({ memoryMb: 64 });
    const error = await rejection(p.run(file('oom')));
    expect(error).toBeInstanceOf(ExtractError);
    expect(error).toMatchObject({
      code: 'too_large',
      message: 'reading the file needs more memory than the extractor may use',
    });
    expect((await p.run(file('next'))).sections[0]!.text).toBe('next 3');
  });

  it('rejects with a plain Error (not the file’s fault) when the worker module cannot load', async () => {
    const p = pool({ entryUrl: async () => new URL('./no-such-module.ts', FAKE_WORKER_URL).href });
    const error = await rejection(p.run(file('one')));
    expect(error).not.toBeInstanceOf(ExtractError);
    expect((error as Error).message).toMatch(/^the extraction worker could not start: /);
  });

  it('rejects every waiting file when the worker module cannot be found', async () => {
    const p = pool({ entryUrl: async () => Promise.reject(new Error('no module')) });
    const errors = await Promise.all([rejection(p.run(file('a'))), rejection(p.run(file('b')))]);
    expect(errors.map((e) => (e as Error).message)).toEqual(['no module', 'no module']);
  });

  it('drops a waiting file whose signal aborts, and ends the worker of a running one', async () => {
    const p = pool();
    const running = new AbortController();
    const waiting = new AbortController();
    const first = rejection(p.run(file('hang'), running.signal));
    const second = rejection(p.run(file('two'), waiting.signal));
    await vi.waitFor(() => expect(p.threads()).toBe(1));
    waiting.abort(new Error('no longer wanted'));
    expect(await second).toEqual(new Error('no longer wanted'));
    running.abort(new Error('stop'));
    expect(await first).toEqual(new Error('stop'));
    expect(p.threads()).toBe(0);
    expect((await p.run(file('after'))).sections[0]!.text).toBe('after 3');
  });

  it('rejects at once with the reason of a signal that has already aborted', async () => {
    const error = await rejection(pool().run(file('one'), AbortSignal.abort(new Error('early'))));
    expect(error).toEqual(new Error('early'));
  });

  it('ends an idle worker after idleMs', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const p = pool({ idleMs: 1_000 });
    await p.run(file('one'));
    expect(p.threads()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(p.threads()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.threads()).toBe(0);
  });

  it('close ends the workers and rejects running and waiting files; later files are refused', async () => {
    const p = pool();
    const running = rejection(p.run(file('hang')));
    const waiting = rejection(p.run(file('two')));
    await vi.waitFor(() => expect(p.threads()).toBe(1));
    await p.close();
    expect(p.threads()).toBe(0);
    for (const error of [await running, await waiting, await rejection(p.run(file('three')))]) {
      expect(error).not.toBeInstanceOf(ExtractError);
      expect((error as Error).message).toBe('the extractor is closed');
    }
  });
});
