import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheStatements } from './sqlite-statement-cache';

describe('cacheStatements', () => {
  it('answers the same statement for the same SQL, and a fresh one while it is busy iterating', () => {
    const db = new Database(':memory:');
    cacheStatements(db);
    db.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)');
    const select = 'SELECT n FROM t ORDER BY n';
    const first = db.prepare(select);
    expect(db.prepare(select)).toBe(first);
    expect(db.prepare('SELECT n FROM t WHERE n = ?')).not.toBe(first);
    const rows: number[] = [];
    for (const row of first.iterate() as Iterable<{ n: number }>) {
      // While `first` iterates, the same SQL still runs, on another statement.
      const inner = db.prepare(select);
      expect(inner).not.toBe(first);
      rows.push(row.n + (inner.all() as { n: number }[]).length);
    }
    expect(rows).toEqual([4, 5, 6]);
    expect(db.prepare(select)).toBe(first);
    db.close();
  });
});
