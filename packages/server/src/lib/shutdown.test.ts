import { afterEach, describe, expect, it, vi } from 'vitest';
import { installGracefulShutdown, type GracefulShutdown } from './shutdown';
import { startSlowApp as startSlowAppOn } from './slow-app.test-helpers';
import { freshDatabase, type TestDatabase } from '../../test/dialects.test-helpers';

describe('graceful shutdown', () => {
  let database: TestDatabase;
  let handle: GracefulShutdown | undefined;
  afterEach(async () => {
    handle?.uninstall();
    await database?.cleanup().catch(() => {});
  });

  async function startSlowApp() {
    database = await freshDatabase('sqlite');
    return startSlowAppOn(database);
  }

  it('lets an in-flight request finish, closes the rest, exits 0, then refuses connections', async () => {
    const { app, url, requestStarted } = await startSlowApp();
    const exit = vi.fn();
    const closed: string[] = [];
    handle = installGracefulShutdown(app, [async () => closed.push('database'), () => closed.push('redis')], {
      exit,
      signals: [],
    });

    const inFlight = fetch(`${url}/slow`);
    await requestStarted;
    await handle.shutdown('SIGTERM');

    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    expect(closed).toEqual(['database', 'redis']);
    expect(exit).toHaveBeenCalledWith(0);
    await expect(fetch(`${url}/slow`)).rejects.toThrow();
  });

  it('forces exit 1 on a second request to stop', async () => {
    const { app, requestStarted, url } = await startSlowApp();
    const exit = vi.fn();
    handle = installGracefulShutdown(app, [], { exit, signals: [] });
    const inFlight = fetch(`${url}/slow`);
    await requestStarted;
    const first = handle.shutdown('SIGTERM');
    await handle.shutdown('SIGINT');
    expect(exit).toHaveBeenCalledWith(1);
    await first;
    await inFlight;
  });

  it('forces exit 1 when stopping takes longer than the timeout', async () => {
    const { app } = await startSlowApp();
    const exit = vi.fn();
    // A closer that finishes only when the test lets it: until then only the timeout can end the stop.
    let unstick!: () => void;
    const stuck = new Promise<void>((resolve) => (unstick = resolve));
    handle = installGracefulShutdown(app, [() => stuck], { exit, signals: [], timeoutMs: 50 });
    // The timeout on a fake clock (timeouts only: the app's close and its sweep stay real).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stopping = handle.shutdown('SIGTERM');
      await vi.advanceTimersByTimeAsync(49);
      expect(exit).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(exit).toHaveBeenNthCalledWith(1, 1);
      unstick();
      await stopping;
    } finally {
      vi.useRealTimers();
    }
  });

  it('exits 1 when a closer fails, after running the others', async () => {
    const { app } = await startSlowApp();
    const exit = vi.fn();
    const after = vi.fn();
    handle = installGracefulShutdown(
      app,
      [
        () => {
          throw new Error('boom');
        },
        after,
      ],
      { exit, signals: [] },
    );
    await handle.shutdown('SIGTERM');
    expect(after).toHaveBeenCalled();
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('is triggered by the signals it is installed for', async () => {
    const { app } = await startSlowApp();
    const exit = vi.fn();
    handle = installGracefulShutdown(app, [], { exit, signals: ['SIGUSR2'] });
    process.emit('SIGUSR2', 'SIGUSR2');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
  });
});
