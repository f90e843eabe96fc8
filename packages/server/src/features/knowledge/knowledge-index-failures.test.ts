import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { findTask } from '../tasks/tasks.repository';
import { createEmbeddingClient } from './embeddings';
import { startEmbeddingsServer, type EmbeddingsServer } from './embeddings-server.test-helpers';
import { fakeExtractor } from './fake-extractor.test-helpers';
import { INDEX_ERROR_MESSAGES, INDEX_MAX_ATTEMPTS, queueIndexing } from './knowledge-index.service';
import { indexingRunner, indexNow, useKnowledgeBed } from './knowledge.test-helpers';

// Indexing that goes wrong: files the extractor refuses, failures that retry and those that give up, a write that
// fails half-way, and the embeddings server failing. Nothing is ever half-indexed.

describe.each(testDialects())('knowledge indexing failures on %s', (dialect) => {
  const k = useKnowledgeBed(dialect);

  it.each(['damaged', 'encrypted', 'unsupported', 'empty', 'too_large'] as const)(
    'marks a %s file as an error with a clear message, at once and with nothing indexed',
    async (code) => {
      const extractor = fakeExtractor();
      const fileId = await k.world.addFile(`!${code} and some words`);
      await indexNow(k.db, k.world, [fileId], indexingRunner(k.db, k.world, { extractor }));
      expect(extractor.calls).toBe(1);
      expect(await k.states(fileId)).toEqual([
        { file_id: fileId, status: 'error', error_code: code, error: INDEX_ERROR_MESSAGES[code], chunks: 0 },
      ]);
      expect(await k.chunksOf(fileId)).toEqual([]);
      expect(await k.search([fileId], 'words')).toEqual([]);
    },
  );

  it('marks a file with no text, or too many passages, as an error', async () => {
    const blank = await k.world.addFile('  \f \n\n \f ');
    const long = await k.world.addFile('word '.repeat(5_000));
    const runner = indexingRunner(k.db, k.world, { maxChunks: 3 });
    await indexNow(k.db, k.world, [blank, long], runner);
    expect(await k.states(blank, long)).toEqual(
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
    const fileId = await k.world.addFile('Eventually readable text.');
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
    await indexNow(k.db, k.world, [fileId], indexingRunner(k.db, k.world, { extractor }));
    expect(calls).toBe(3);
    expect(await k.states(fileId)).toEqual([{ file_id: fileId, status: 'ready', chunks: 1 }]);
  });

  it('gives up after the last attempt: a timeout says so, a crash says indexing failed', async () => {
    const slow = await k.world.addFile('slow');
    const broken = await k.world.addFile('!throw');
    const timeouts = {
      extract: async (input: { bytes: Buffer }) => {
        if (input.bytes.toString() === 'slow') throw Object.assign(new Error('slow'), { code: 'timeout' });
        throw new Error('extractor crashed');
      },
    };
    await indexNow(k.db, k.world, [slow, broken], indexingRunner(k.db, k.world, { extractor: timeouts }));
    expect(await k.states(slow, broken)).toEqual(
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
    const failed = await k.db.selectFrom('tasks').select(['status', 'attempts', 'last_error']).execute();
    expect(failed).toEqual([
      { status: 'failed', attempts: INDEX_MAX_ATTEMPTS, last_error: 'extractor crashed' },
    ]);
  });

  it('writes nothing of a file whose write fails half-way, and indexes it whole on the retry', async () => {
    const text = Array.from({ length: 260 }, (_, i) => `Section ${i} about alpha${i}.`).join('\f');
    const fileId = await k.world.addFile(text);
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
    const handlerDb = k.db.withPlugin(faulty);
    const runner = indexingRunner(handlerDb, k.world, {
      db: handlerDb,
      chunking: { maxSize: 40, overlap: 0 },
    });
    await queueIndexing(k.db, { fileId, userId: k.world.userId });
    await runner.poll();
    await runner.idle();
    expect(inserts).toBe(2);
    expect(await k.chunksOf(fileId)).toEqual([]);
    expect(await k.indexRows()).toBe(0);
    expect(await k.states(fileId)).toEqual([{ file_id: fileId, status: 'indexing', chunks: 0 }]);
    const [task] = await k.db.selectFrom('tasks').select(['id', 'status', 'last_error']).execute();
    expect(task).toMatchObject({ status: 'queued', last_error: 'disk full' });
    failing = false;
    await runner.poll();
    await runner.idle();
    expect(await k.states(fileId)).toEqual([{ file_id: fileId, status: 'ready', chunks: 260 }]);
    expect(await k.indexRows()).toBe(260);
    expect(await findTask(k.db, task!.id)).toBeUndefined();
  });

  describe('with embeddings', () => {
    let server: EmbeddingsServer;
    beforeEach(async () => {
      server = await startEmbeddingsServer();
    });
    afterEach(() => server.close());
    const embeddings = () => createEmbeddingClient({ baseURL: server.baseURL, model: 'toy', fetch });

    it('stores a vector with every passage and names the model', async () => {
      const fileId = await k.world.addFile('One.\fTwo.', 'two.txt');
      await indexNow(
        k.db,
        k.world,
        [fileId],
        indexingRunner(k.db, k.world, { embeddings: embeddings(), chunking: { maxSize: 20 } }),
      );
      const rows = await k.db
        .selectFrom('knowledge_chunks')
        .select(['seq', 'embedding'])
        .orderBy('seq')
        .execute();
      expect(rows.map((r) => r.embedding?.length)).toEqual([64 * 4]);
      const state = await k.db.selectFrom('knowledge_files').select('embedding_model').executeTakeFirst();
      expect(state?.embedding_model).toBe('toy');
      expect(server.requests.map((r) => r.body.input)).toEqual([['One.\n\nTwo.']]);
    });

    it('retries when the embeddings server fails, and indexes without vectors after the last attempt', async () => {
      const skipped: string[] = [];
      const first = await k.world.addFile('Recovers.');
      server.faults.push('status500', 'status500');
      const runner = indexingRunner(k.db, k.world, {
        embeddings: embeddings(),
        onEmbeddingsSkipped: (id) => skipped.push(id),
      });
      await indexNow(k.db, k.world, [first], runner);
      expect(server.requests).toHaveLength(3);
      let state = await k.db
        .selectFrom('knowledge_files')
        .selectAll()
        .where('file_id', '=', first)
        .executeTakeFirst();
      expect(state).toMatchObject({ status: 'ready', embedding_model: 'toy', chunk_count: 1 });

      server.always = 'status500';
      const second = await k.world.addFile('Never embedded.');
      await indexNow(k.db, k.world, [second], runner);
      state = await k.db
        .selectFrom('knowledge_files')
        .selectAll()
        .where('file_id', '=', second)
        .executeTakeFirst();
      expect(state).toMatchObject({ status: 'ready', embedding_model: null, chunk_count: 1 });
      expect(skipped).toEqual([second]);
      const [row] = await k.db
        .selectFrom('knowledge_chunks')
        .select('embedding')
        .where('file_id', '=', second)
        .execute();
      expect(row?.embedding).toBeNull();
      expect((await k.search([second], 'embedded')).map((p) => p.text)).toEqual(['Never embedded.']);
    });
  });
});
