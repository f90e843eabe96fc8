import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { withTransaction } from '../../db/dialect-helpers';
import { replaceChunks } from './knowledge-chunks.repository';
import { markIndexing, markReady } from './knowledge-files.repository';
import { knowledgeWorld, type KnowledgeWorld } from './knowledge.test-helpers';
import { createVectorCache } from './vector-cache';

describe.each(testDialects())('vector cache on %s', (dialect) => {
  let database: TestDatabase;
  let world: KnowledgeWorld;
  let reads: number;
  const counting: KyselyPlugin = {
    transformQuery(args) {
      if (JSON.stringify(args.node).includes('"embedding"')) reads += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  beforeEach(async () => {
    database = await freshDatabase(dialect);
    world = await knowledgeWorld(database.db);
    reads = 0;
  });
  afterEach(() => database.cleanup());

  /** A file with `n` passages of 4-dimension vectors (16 bytes each). */
  async function fileWithVectors(n: number): Promise<string> {
    const fileId = await world.addFile('x');
    const at = new Date().toISOString();
    await markIndexing(database.db, { fileId, userId: world.userId }, at);
    await withTransaction(database.db, async (trx) => {
      const chunks = Array.from({ length: n }, (_, i) => ({
        text: `passage ${i}`,
        embedding: new Float32Array([i, 1, 0, 0]),
      }));
      const termTotal = await replaceChunks(trx, { fileId, userId: world.userId }, chunks);
      await markReady(trx, { fileId, chunkCount: n, termTotal, embeddingModel: 'm', at });
    });
    return fileId;
  }

  it('reads missing files in one query, holds them, and reads a file again when its version changes', async () => {
    const [a, b] = [await fileWithVectors(2), await fileWithVectors(3)];
    const db = database.db.withPlugin(counting);
    const cache = createVectorCache();
    const first = await cache.get(db, world.userId, [
      { fileId: a!, version: '1' },
      { fileId: b!, version: '1' },
    ]);
    expect(reads).toBe(1);
    expect(first.get(a!)!.vectors.map((v) => Array.from(v))).toEqual([
      [0, 1, 0, 0],
      [1, 1, 0, 0],
    ]);
    expect(first.get(b!)!.ids).toHaveLength(3);
    await cache.get(db, world.userId, [
      { fileId: a!, version: '1' },
      { fileId: b!, version: '1' },
    ]);
    expect(reads).toBe(1);
    await cache.get(db, world.userId, [
      { fileId: a!, version: '2' },
      { fileId: b!, version: '1' },
    ]);
    expect(reads).toBe(2);
    // Another user asking for the same file ids reads their own (none).
    const theirs = await cache.get(db, await world.addUser(), [{ fileId: a!, version: '2' }]);
    expect(theirs.get(a!)).toEqual({ ids: [], vectors: [] });
  });

  it('keeps within its size, dropping the least recently used file', async () => {
    const [a, b, c] = [await fileWithVectors(1), await fileWithVectors(1), await fileWithVectors(1)];
    const db = database.db.withPlugin(counting);
    // One 4-dimension vector is held as 16 bytes and 64 of bookkeeping: room for two files.
    const cache = createVectorCache(2 * 80);
    const get = (fileId: string) => cache.get(db, world.userId, [{ fileId, version: 'v' }]);
    await get(a!);
    await get(b!);
    await get(a!);
    expect(reads).toBe(2);
    await get(c!); // b is the least recently used: dropped
    await get(a!);
    expect(reads).toBe(3);
    await get(b!);
    expect(reads).toBe(4);
    const none = createVectorCache(0);
    await none.get(db, world.userId, [{ fileId: a!, version: 'v' }]);
    await none.get(db, world.userId, [{ fileId: a!, version: 'v' }]);
    expect(reads).toBe(6);
  });
});
