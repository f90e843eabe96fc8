import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PG_CONNECT_TIMEOUT_MS, openDatabase } from './database';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('PostgreSQL pool', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a query waiting for a pooled connection past the connect timeout (1,000 sends arriving at once)', async () => {
    const handle = openDatabase(url!);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    try {
      let connected = 0;
      // All 10 connections busy, as while a burst of sends is being placed.
      const held = Array.from({ length: 10 }, () =>
        handle.db.connection().execute(async (db) => {
          await sql`select 1`.execute(db);
          connected += 1;
          await gate;
        }),
      );
      await expect.poll(() => connected).toBe(10);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let failure: unknown;
      const queued = sql<{ one: number }>`select 1 as one`.execute(handle.db).catch((error: unknown) => {
        failure = error;
        return null;
      });
      await vi.advanceTimersByTimeAsync(PG_CONNECT_TIMEOUT_MS * 2);
      expect(failure).toBeUndefined();
      vi.useRealTimers();
      release();
      await Promise.all(held);
      expect((await queued)?.rows).toEqual([{ one: 1 }]);
    } finally {
      release();
      await handle.destroy();
    }
  });
});
