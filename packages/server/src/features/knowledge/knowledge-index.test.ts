import { describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { deleteFileRows } from '../files/files.repository';
import {
  deleteKnowledge,
  INDEX_ERROR_MESSAGES,
  knowledgeStates,
  queueIndexing,
} from './knowledge-index.service';
import { indexingRunner, indexNow, useKnowledgeBed } from './knowledge.test-helpers';

// Indexing a file in the background: its states, its passages and places, and what deletion leaves (nothing).

describe.each(testDialects())('knowledge indexing on %s', (dialect) => {
  const k = useKnowledgeBed(dialect);

  it('queues a file once, shows it indexing, then ready with its passages and places', async () => {
    const fileId = await k.world.addFile(
      'Cover page.\fThe warranty lasts two years.\f保修期为两年。',
      'manual.txt',
    );
    await queueIndexing(k.db, { fileId, userId: k.world.userId });
    await queueIndexing(k.db, { fileId, userId: k.world.userId });
    expect(await k.db.selectFrom('tasks').select(['kind', 'dedupe_key', 'payload']).execute()).toEqual([
      {
        kind: 'knowledge.index',
        dedupe_key: `knowledge:${fileId}`,
        payload: JSON.stringify({ fileId, userId: k.world.userId }),
      },
    ]);
    expect(await k.states(fileId)).toEqual([{ file_id: fileId, status: 'indexing', chunks: 0 }]);
    await indexNow(k.db, k.world, []);
    expect(await k.states(fileId)).toEqual([{ file_id: fileId, status: 'ready', chunks: 1 }]);
    expect(await k.chunksOf(fileId)).toEqual([
      {
        seq: 0,
        text: 'Cover page.\n\nThe warranty lasts two years.\n\n保修期为两年。',
        location: 'page 1 – page 3',
        user_id: k.world.userId,
      },
    ]);
    expect(await k.db.selectFrom('tasks').select('id').execute()).toEqual([]);
  });

  it('queues nothing when the caller’s transaction that queued it rolls back', async () => {
    const fileId = await k.world.addFile('Rolled back.');
    await expect(
      k.db.transaction().execute(async (trx) => {
        await queueIndexing(trx, { fileId, userId: k.world.userId });
        throw new Error('upload failed');
      }),
    ).rejects.toThrow('upload failed');
    expect(await k.states(fileId)).toEqual([]);
    expect(await k.db.selectFrom('tasks').select('id').execute()).toEqual([]);
  });

  it('cuts a long file into passages that each keep their page', async () => {
    const page = (n: number) => `Page ${n} talks about topic${n}. `.repeat(60);
    const fileId = await k.world.addFile([1, 2, 3].map(page).join('\f'));
    await indexNow(k.db, k.world, [fileId]);
    const chunks = await k.chunksOf(fileId);
    expect(chunks.length).toBeGreaterThanOrEqual(6);
    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i));
    for (const c of chunks) {
      const n = /topic(\d)/.exec(c.text)![1];
      expect(c.location).toBe(`page ${n}`);
      expect(c.text.length).toBeLessThanOrEqual(1_600);
    }
    expect(await k.states(fileId)).toEqual([{ file_id: fileId, status: 'ready', chunks: chunks.length }]);
  });

  it('deleteKnowledge removes passages, index rows and state; deleting the file row does too', async () => {
    const a = await k.world.addFile('Alpha passage about zebras.');
    const b = await k.world.addFile('Beta passage about zebras.');
    await indexNow(k.db, k.world, [a, b]);
    expect(await k.indexRows()).toBe(2);
    await deleteKnowledge(k.db, [a]);
    expect(await k.chunksOf(a)).toEqual([]);
    expect(await k.states(a, b)).toEqual([{ file_id: b, status: 'ready', chunks: 1 }]);
    expect(await k.indexRows()).toBe(1);
    expect((await k.search([a, b], 'zebras')).map((p) => p.fileId)).toEqual([b]);
    await deleteFileRows(k.db, [b]);
    expect(await k.states(b)).toEqual([]);
    expect(await k.indexRows()).toBe(0);
    expect(await k.search([a, b], 'zebras')).toEqual([]);
  });

  it('writes nothing for a file deleted while it was being indexed', async () => {
    const fileId = await k.world.addFile('Soon gone.');
    const runner = indexingRunner(k.db, k.world, {
      readFile: async (id) => {
        const source = k.world.files.get(id);
        await deleteKnowledge(k.db, [id]);
        return source;
      },
    });
    await indexNow(k.db, k.world, [fileId], runner);
    expect(await k.states(fileId)).toEqual([]);
    expect(await k.chunksOf(fileId)).toEqual([]);
    expect(await k.indexRows()).toBe(0);
    expect(await k.db.selectFrom('tasks').select('id').execute()).toEqual([]);
  });

  it('marks failed a file whose bytes are gone from storage, at once', async () => {
    const fileId = await k.world.addFile('Lost bytes.');
    k.world.files.delete(fileId);
    await indexNow(k.db, k.world, [fileId]);
    expect(await k.states(fileId)).toEqual([
      {
        file_id: fileId,
        status: 'error',
        error_code: 'failed',
        error: INDEX_ERROR_MESSAGES.failed,
        chunks: 0,
      },
    ]);
    expect(await k.db.selectFrom('tasks').select('id').execute()).toEqual([]);
  });

  it('ignores a task whose file belongs to another user', async () => {
    const other = await k.world.addUser();
    const fileId = await k.world.addFile('Not yours.', 'x.txt', other);
    await queueIndexing(k.db, { fileId, userId: other });
    // A forged task for the same file under the first user's id reads nothing of it.
    await k.db.updateTable('knowledge_files').set({ user_id: other }).where('file_id', '=', fileId).execute();
    await k.db
      .updateTable('tasks')
      .set({ payload: JSON.stringify({ fileId, userId: k.world.userId }) })
      .execute();
    let reads = 0;
    await indexNow(
      k.db,
      k.world,
      [],
      indexingRunner(k.db, k.world, { readFile: async () => ((reads += 1), undefined) }),
    );
    expect(reads).toBe(0);
    expect(await knowledgeStates(k.db, other, [fileId])).toEqual([
      { file_id: fileId, status: 'indexing', chunks: 0 },
    ]);
  });
});
