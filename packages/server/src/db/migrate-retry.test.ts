import { afterEach, describe, expect, it, vi } from 'vitest';
import { againWhileSiblingsChange } from './migrate';

// The start-up migration against another schema of the database changing under Kysely's listing (migrate.ts).
const failing = (codes: string[]) => {
  const work = vi.fn(async () => {
    const code = codes.shift();
    if (code) throw Object.assign(new Error(`failed with ${code}`), { code });
    return 'migrated';
  });
  return work;
};

describe('againWhileSiblingsChange', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries a PostgreSQL listing again after 50 ms, then 100 ms, when another schema vanished under it', async () => {
    vi.useFakeTimers();
    const work = failing(['3F000', '42P01']);
    const done = againWhileSiblingsChange('postgres', work);
    await vi.advanceTimersByTimeAsync(0);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(work).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(99);
    expect(work).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe('migrated');
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('gives up after five attempts with the last error', async () => {
    vi.useFakeTimers();
    const work = failing(['42703', '42703', '42703', '42703', '42703', '42703']);
    const done = againWhileSiblingsChange('postgres', work);
    const outcome = expect(done).rejects.toThrow('failed with 42703');
    await vi.advanceTimersByTimeAsync(50 + 100 + 150 + 200);
    await outcome;
    expect(work).toHaveBeenCalledTimes(5);
  });

  it('fails at once on another error, and on SQLite whatever the code', async () => {
    const other = failing(['23505']);
    await expect(againWhileSiblingsChange('postgres', other)).rejects.toThrow('failed with 23505');
    expect(other).toHaveBeenCalledTimes(1);
    const sqlite = failing(['3F000']);
    await expect(againWhileSiblingsChange('sqlite', sqlite)).rejects.toThrow('failed with 3F000');
    expect(sqlite).toHaveBeenCalledTimes(1);
  });
});
