import { sql, type KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { deleteFileRows } from '../files/files.repository';
import { findTask } from '../tasks/tasks.repository';
import { startEmbeddingsServer, type EmbeddingsServer } from './embeddings-server.test-helpers';
import { createEmbeddingClient } from './embeddings';
import { fakeExtractor } from './fake-extractor.test-helpers';
import {
  deleteKnowledge,
  INDEX_ERROR_MESSAGES,
  INDEX_MAX_ATTEMPTS,
  knowledgeStates,
  queueIndexing,
} from './knowledge-index.service';
import { searchKnowledge } from './knowledge-search.service';
import { indexingRunner, indexNow, knowledgeWorld, type KnowledgeWorld } from './knowledge.test-helpers';

describe.each(testDialects())('knowledge indexing on %s', (dialect) => {
  let database: TestDatabase;
  let world: KnowledgeWorld;
  beforeEach(async () => {
    database = await freshDatabase(dialect);
    world = await knowledgeWorld(database.db);
  });
  afterEach(() => database.cleanup());

  const db = () => database.db;
  const chunksOf = (fileId: string) =>
    db()
      .selectFrom('knowledge_chunks')
      .select(['seq', 'text', 'location', 'user_id'])
      .where('file_id', '=', fileId)
      .orderBy('seq')
      .execute();
  const states = (...ids: string[]) => knowledgeStates(db(), world.userId, ids);
  const search = (fileIds: string[], query: string) =>
    searchKnowledge(db(), { userId: world.userId, fileIds, query });
  /** Index rows left for these files: on SQLite the FTS5 rows, on PostgreSQL the chunk rows carry the index. */
  async function indexRows(): Promise<number> {
    if (dialect === 'postgres') return (await chunksOfAll()).length;
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM knowledge_fts`.execute(db());
    return Number(rows[0]!.n);
  }
  const chunksOfAll = () => db().selectFrom('knowledge_chunks').select('id').execute();

  it('queues a file once, shows it indexing, then ready with its passages and places', async () => {
    const fileId = await world.addFile(
      'Cover page.\fThe warranty lasts two years.\f保修期为两年。',
      'manual.txt',
    );
    await queueIndexing(db(), { fileId, userId: world.userId });
    await queueIndexing(db(), { fileId, userId: world.userId });
    expect(await db().selectFrom('tasks').select(['kind', 'dedupe_key', 'payload']).execute()).toEqual([
      {
        kind: 'knowledge.index',
        dedupe_key: `knowledge:${fileId}`,
        payload: JSON.stringify({ fileId, userId: world.userId }),
      },
    ]);
    expect(await states(fileId)).toEqual([{ file_id: fileId, status: 'indexing', chunks: 0 }]);
    await indexNow(db(), world, []);
    expect(await states(fileId)).toEqual([{ file_id: fileId, status: 'ready', chunks: 1 }]);
    expect(await chunksOf(fileId)).toEqual([
      {
        seq: 0,
        text: 'Cover page.\n\nThe warranty lasts two years.\n\n保修期为两年。',
        location: 'page 1 – page 3',
        user_id: world.userId,
      },
    ]);
    expect(await db().selectFrom('tasks').select('id').execute()).toEqual([]);
  });

  it('queues nothing when the caller’s transaction that queued it rolls back', async () => {
    const fileId = await world.addFile('Rolled back.');
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await queueIndexing(trx, { fileId, userId: world.userId });
          throw new Error('upload failed');
        }),
    ).rejects.toThrow('upload failed');
    expect(await states(fileId)).toEqual([]);
    expect(await db().selectFrom('tasks').select('id').execute()).toEqual([]);
  });

  it('cuts a long file into passages that each keep their page', async () => {
    const page = (n: number) => `Page ${n} talks about topic${n}. `.repeat(60);
    const fileId = await world.addFile([1, 2, 3].map(page).join('\f'));
    await indexNow(db(), world, [fileId]);
    const chunks = await chunksOf(fileId);
    expect(chunks.length).toBeGreaterThanOrEqual(6);
    expect(chunks.map((c) => c.seq)).toEqual(chunks.map((_, i) => i));
    for (const c of chunks) {
      const n = /topic(\d)/.exec(c.text)![1];
      expect(c.location).toBe(`page ${n}`);
      expect(c.text.length).toBeLessThanOrEqual(1_600);
    }
    expect(await states(fileId)).toEqual([{ file_id: fileId, status: 'ready', chunks: chunks.length }]);
  });

  it.each(['damaged', 'encrypted', 'unsupported', 'empty', 'too_large'] as const)(
    'marks a %s file as an error with a clear message, at once and with nothing indexed',
    async (code) => {
      const extractor = fakeExtractor();
      const fileId = await world.addFile(`!${code} and some words`);
      await indexNow(db(), world, [fileId], indexingRunner(db(), world, { extractor }));
      expect(extractor.calls).toBe(1);
      expect(await states(fileId)).toEqual([
        { file_id: fileId, status: 'error', error_code: code, error: INDEX_ERROR_MESSAGES[code], chunks: 0 },
      ]);
      expect(await chunksOf(fileId)).toEqual([]);
      expect(await search([fileId], 'words')).toEqual([]);
    },
  );

  it('marks a file with no text, or too many passages, as an error', async () => {
    const blank = await world.addFile('  \f \n\n \f ');
    const long = await world.addFile('word '.repeat(5_000));
    const runner = indexingRunner(db(), world, { maxChunks: 3 });
    await indexNow(db(), world, [blank, long], runner);
    expect(await states(blank, long)).toEqual(
      expect.arrayContaining([
        {
          file_id: blank,
          status: 'error',
          error_code: 'empty',
          error: INDEX_ERROR_MESSAGES.empty,
          chunks: 0,
        },
        {
          file_id: long,
          status: 'error',
          error_code: 'too_large',
          error: INDEX_ERROR_MESSAGES.too_large,
          chunks: 0,
        },
      ]),
    );
  });

  it('retries a failure that may pass (a crash, a timeout) and indexes the file when it does', async () => {
    const fileId = await world.addFile('Eventually readable text.');
    let calls = 0;
    const base = fakeExtractor();
    const extractor = {
      extract: async (input: Parameters<typeof base.extract>[0]) => {
        calls += 1;
        if (calls === 1) throw new Error('worker crashed');
        if (calls === 2) throw Object.assign(new Error('took too long'), { code: 'timeout' });
        return base.extract(input);
      },
    };
    await indexNow(db(), world, [fileId], indexingRunner(db(), world, { extractor }));
    expect(calls).toBe(3);
    expect(await states(fileId)).toEqual([{ file_id: fileId, status: 'ready', chunks: 1 }]);
  });

  it('gives up after the last attempt: a timeout says so, a crash says indexing failed', async () => {
    const slow = await world.addFile('slow');
    const broken = await world.addFile('!throw');
    const timeouts = {
      extract: async (input: { bytes: Buffer }) => {
        if (input.bytes.toString() === 'slow') throw Object.assign(new Error('slow'), { code: 'timeout' });
        throw new Error('extractor crashed');
      },
    };
    await indexNow(db(), world, [slow, broken], indexingRunner(db(), world, { extractor: timeouts }));
    expect(await states(slow, broken)).toEqual(
      expect.arrayContaining([
        {
          file_id: slow,
          status: 'error',
          error_code: 'timeout',
          error: INDEX_ERROR_MESSAGES.timeout,
          chunks: 0,
        },
        {
          file_id: broken,
          status: 'error',
          error_code: 'failed',
          error: INDEX_ERROR_MESSAGES.failed,
          chunks: 0,
        },
      ]),
    );
    const failed = await db().selectFrom('tasks').select(['status', 'attempts', 'last_error']).execute();
    expect(failed).toEqual([
      { status: 'failed', attempts: INDEX_MAX_ATTEMPTS, last_error: 'extractor crashed' },
    ]);
  });

  it('writes nothing of a file whose write fails half-way, and indexes it whole on the retry', async () => {
    const text = Array.from({ length: 260 }, (_, i) => `Section ${i} about alpha${i}.`).join('\f');
    const fileId = await world.addFile(text);
    let inserts = 0;
    let failing = true;
    // Fails the second batch of passages: the first is already written in the same transaction.
    const faulty: KyselyPlugin = {
      transformQuery(args) {
        const node = args.node as { kind: string; into?: unknown };
        if (
          failing &&
          node.kind === 'RawNode' &&
          JSON.stringify(node).includes('INSERT INTO knowledge_chunks')
        ) {
          inserts += 1;
          if (inserts === 2) throw new Error('disk full');
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const handlerDb = db().withPlugin(faulty);
    const runner = indexingRunner(handlerDb, world, { db: handlerDb, chunking: { maxSize: 40, overlap: 0 } });
    await queueIndexing(db(), { fileId, userId: world.userId });
    await runner.poll();
    await runner.idle();
    expect(inserts).toBe(2);
    expect(await chunksOf(fileId)).toEqual([]);
    expect(await indexRows()).toBe(0);
    expect(await states(fileId)).toEqual([{ file_id: fileId, status: 'indexing', chunks: 0 }]);
    const [task] = await db().selectFrom('tasks').select(['id', 'status', 'last_error']).execute();
    expect(task).toMatchObject({ status: 'queued', last_error: 'disk full' });
    failing = false;
    await runner.poll();
    await runner.idle();
    expect(await states(fileId)).toEqual([{ file_id: fileId, status: 'ready', chunks: 260 }]);
    expect(await indexRows()).toBe(260);
    expect(await findTask(db(), task!.id)).toBeUndefined();
  });

  it('deleteKnowledge removes passages, index rows and state; deleting the file row does too', async () => {
    const a = await world.addFile('Alpha passage about zebras.');
    const b = await world.addFile('Beta passage about zebras.');
    await indexNow(db(), world, [a, b]);
    expect(await indexRows()).toBe(2);
    await deleteKnowledge(db(), [a]);
    expect(await chunksOf(a)).toEqual([]);
    expect(await states(a, b)).toEqual([{ file_id: b, status: 'ready', chunks: 1 }]);
    expect(await indexRows()).toBe(1);
    expect((await search([a, b], 'zebras')).map((p) => p.fileId)).toEqual([b]);
    await deleteFileRows(db(), [b]);
    expect(await states(b)).toEqual([]);
    expect(await indexRows()).toBe(0);
    expect(await search([a, b], 'zebras')).toEqual([]);
  });

  it('writes nothing for a file deleted while it was being indexed', async () => {
    const fileId = await world.addFile('Soon gone.');
    const runner = indexingRunner(db(), world, {
      readFile: async (id) => {
        const source = world.files.get(id);
        await deleteKnowledge(db(), [id]);
        return source;
      },
    });
    await indexNow(db(), world, [fileId], runner);
    expect(await states(fileId)).toEqual([]);
    expect(await chunksOf(fileId)).toEqual([]);
    expect(await indexRows()).toBe(0);
    expect(await db().selectFrom('tasks').select('id').execute()).toEqual([]);
  });

  it('forgets a file whose bytes are gone from storage', async () => {
    const fileId = await world.addFile('Lost bytes.');
    world.files.delete(fileId);
    await indexNow(db(), world, [fileId]);
    expect(await states(fileId)).toEqual([]);
    expect(await db().selectFrom('tasks').select('id').execute()).toEqual([]);
  });

  it('ignores a task whose file belongs to another user', async () => {
    const other = await world.addUser();
    const fileId = await world.addFile('Not yours.', 'x.txt', other);
    await queueIndexing(db(), { fileId, userId: other });
    // A forged task for the same file under the first user's id reads nothing of it.
    await db().updateTable('knowledge_files').set({ user_id: other }).where('file_id', '=', fileId).execute();
    await db()
      .updateTable('tasks')
      .set({ payload: JSON.stringify({ fileId, userId: world.userId }) })
      .execute();
    let reads = 0;
    await indexNow(
      db(),
      world,
      [],
      indexingRunner(db(), world, { readFile: async () => ((reads += 1), undefined) }),
    );
    expect(reads).toBe(0);
    expect(await knowledgeStates(db(), other, [fileId])).toEqual([
      { file_id: fileId, status: 'indexing', chunks: 0 },
    ]);
  });

  describe('with embeddings', () => {
    let server: EmbeddingsServer;
    beforeEach(async () => {
      server = await startEmbeddingsServer();
    });
    afterEach(() => server.close());
    const embeddings = () => createEmbeddingClient({ baseURL: server.baseURL, model: 'toy', fetch });

    it('stores a vector with every passage and names the model', async () => {
      const fileId = await world.addFile('One.\fTwo.', 'two.txt');
      await indexNow(
        db(),
        world,
        [fileId],
        indexingRunner(db(), world, { embeddings: embeddings(), chunking: { maxSize: 20 } }),
      );
      const rows = await db()
        .selectFrom('knowledge_chunks')
        .select(['seq', 'embedding'])
        .orderBy('seq')
        .execute();
      expect(rows.map((r) => r.embedding?.length)).toEqual([64 * 4]);
      const state = await db().selectFrom('knowledge_files').select('embedding_model').executeTakeFirst();
      expect(state?.embedding_model).toBe('toy');
      expect(server.requests.map((r) => r.body.input)).toEqual([['One.\n\nTwo.']]);
    });

    it('retries when the embeddings server fails, and indexes without vectors after the last attempt', async () => {
      const skipped: string[] = [];
      const first = await world.addFile('Recovers.');
      server.faults.push('status500', 'status500');
      const runner = indexingRunner(db(), world, {
        embeddings: embeddings(),
        onEmbeddingsSkipped: (id) => skipped.push(id),
      });
      await indexNow(db(), world, [first], runner);
      expect(server.requests).toHaveLength(3);
      let state = await db()
        .selectFrom('knowledge_files')
        .selectAll()
        .where('file_id', '=', first)
        .executeTakeFirst();
      expect(state).toMatchObject({ status: 'ready', embedding_model: 'toy', chunk_count: 1 });

      server.always = 'status500';
      const second = await world.addFile('Never embedded.');
      await indexNow(db(), world, [second], runner);
      state = await db()
        .selectFrom('knowledge_files')
        .selectAll()
        .where('file_id', '=', second)
        .executeTakeFirst();
      expect(state).toMatchObject({ status: 'ready', embedding_model: null, chunk_count: 1 });
      expect(skipped).toEqual([second]);
      const [row] = await db()
        .selectFrom('knowledge_chunks')
        .select('embedding')
        .where('file_id', '=', second)
        .execute();
      expect(row?.embedding).toBeNull();
      expect((await search([second], 'embedded')).map((p) => p.text)).toEqual(['Never embedded.']);
    });
  });
});
