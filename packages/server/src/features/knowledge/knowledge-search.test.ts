import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { createEmbeddingClient } from './embeddings';
import { startEmbeddingsServer, type EmbeddingsServer } from './embeddings-server.test-helpers';
import { queueIndexing } from './knowledge-index.service';
import { keepRarest } from './knowledge-rank.repository';
import { fuse, searchKnowledge, type SearchKnowledgeOptions } from './knowledge-search.service';
import { createVectorCache } from './vector-cache';
import { indexingRunner, indexNow, knowledgeWorld, type KnowledgeWorld } from './knowledge.test-helpers';

const MANUAL = [
  'Cover: the Parley kettle manual.',
  'The warranty lasts two years from the date of purchase. Keep the receipt.',
  '保修期为两年，自购买之日起计算。请保留收据。',
  'Descaling: fill the kettle with water and vinegar, boil, and rinse. 除垢：加水和白醋煮沸后冲洗。',
].join('\f');

const POLICIES = [
  'What is the plan for the weekend? The team is going to the park and the lake.',
  'Refund policy: a refund is paid within 30 days of a return.',
].join('\f');

describe.each(testDialects())('knowledge search on %s', (dialect) => {
  let database: TestDatabase;
  let world: KnowledgeWorld;
  let manual: string;
  let policies: string;
  beforeEach(async () => {
    database = await freshDatabase(dialect);
    world = await knowledgeWorld(database.db);
    manual = await world.addFile(MANUAL, 'kettle-manual.pdf');
    // Pages of one line each stay apart (no joining): a passage per page.
    policies = await world.addFile(POLICIES, 'policies.docx');
    await indexNow(
      database.db,
      world,
      [manual, policies],
      indexingRunner(database.db, world, { chunking: { maxSize: 100, overlap: 10 } }),
    );
  });
  afterEach(() => database.cleanup());

  const search = (
    query: string,
    fileIds = [manual, policies],
    extra: { limit?: number; userId?: string } = {},
  ) =>
    searchKnowledge(database.db, {
      userId: extra.userId ?? world.userId,
      fileIds,
      query,
      limit: extra.limit,
    });
  const places = async (query: string, fileIds?: string[]) =>
    (await search(query, fileIds)).map((p) => `${p.filename}: ${p.where ?? '-'}`);

  it('finds an English passage with its file name, place and text, best first', async () => {
    const [top, ...rest] = await search('how long is the warranty');
    expect(top).toEqual({
      fileId: manual,
      filename: 'kettle-manual.pdf',
      where: 'page 2',
      text: 'The warranty lasts two years from the date of purchase. Keep the receipt.',
      score: expect.any(Number),
    });
    expect(top!.score).toBeGreaterThan(0);
    for (const p of rest) expect(p.score).toBeLessThanOrEqual(top!.score);
  });

  it('ranks a rare word above many common ones', async () => {
    expect((await places('what is the refund policy'))[0]).toBe('policies.docx: page 2');
    expect((await places('what is the plan for the weekend'))[0]).toBe('policies.docx: page 1');
  });

  it('finds Chinese passages by two characters, and by a longer phrase', async () => {
    expect(await places('保修')).toEqual(['kettle-manual.pdf: page 3']);
    expect(await places('收据')).toEqual(['kettle-manual.pdf: page 3']);
    expect(await places('白醋')).toEqual(['kettle-manual.pdf: page 4']);
    expect((await places('保修期是多久'))[0]).toBe('kettle-manual.pdf: page 3');
    expect(await places('熊猫')).toEqual([]);
  });

  it('answers a mixed query with the passage matching both languages first', async () => {
    const found = await places('descaling 白醋');
    expect(found[0]).toBe('kettle-manual.pdf: page 4');
    const both = await places('receipt 收据');
    expect(both.slice(0, 2).sort()).toEqual(['kettle-manual.pdf: page 2', 'kettle-manual.pdf: page 3']);
  });

  it('reads only the given files of the user: another user finds nothing with the same ids', async () => {
    expect(await places('warranty', [policies])).toEqual([]);
    const other = await world.addUser();
    const theirs = await world.addFile('Their warranty is ten years.', 'theirs.txt', other);
    await indexNow(database.db, world, [theirs], undefined, other);
    expect(await places('warranty', [manual, policies, theirs])).toEqual(['kettle-manual.pdf: page 2']);
    expect(await search('warranty', [manual, policies], { userId: other })).toEqual([]);
    expect((await search('warranty', [theirs], { userId: other })).map((p) => p.text)).toEqual([
      'Their warranty is ten years.',
    ]);
  });

  it('keeps to the limit (8 by default), and finds nothing for a query with no words', async () => {
    const many = await world.addFile(
      Array.from({ length: 20 }, (_, i) => `Passage ${i} mentions gadgets.`).join('\f'),
      'many.txt',
    );
    await indexNow(
      database.db,
      world,
      [many],
      indexingRunner(database.db, world, { chunking: { maxSize: 30 } }),
    );
    expect(await search('gadgets', [many])).toHaveLength(8);
    expect(await search('gadgets', [many], { limit: 3 })).toHaveLength(3);
    expect(await search('gadgets', [many], { limit: 500 })).toHaveLength(20);
    expect(await search('  ?!… ', [many])).toEqual([]);
    expect(await search('gadgets', [])).toEqual([]);
  });

  it('takes hostile queries as words', async () => {
    for (const q of [
      '"warranty',
      'warranty*',
      "warranty'); DROP TABLE knowledge_chunks; --",
      'NEAR(warranty receipt) OR body:warranty AND scope : x',
      "'warranty' & !'x' | \\",
      'warranty\u0000',
    ]) {
      expect(await places(q)).toContain('kettle-manual.pdf: page 2');
    }
    expect(await places('x'.repeat(10_000))).toEqual([]);
  });

  it('searches many files (past the few the index narrows to by file) and only those', async () => {
    const many: string[] = [];
    for (let i = 0; i < 20; i += 1)
      many.push(await world.addFile(`Shelf ${i} holds a lantern and notes${i}.`, `shelf-${i}.txt`));
    await indexNow(database.db, world, many);
    const searched = many.slice(0, 17);
    const found = await search('lantern', searched, { limit: 50 });
    expect(found.map((p) => p.filename).sort()).toEqual(searched.map((_, i) => `shelf-${i}.txt`).sort());
    expect(await places('notes19', searched)).toEqual([]);
    expect(await places('notes16', searched)).toEqual(['shelf-16.txt: -']);
    expect(await search('lantern', searched, { userId: await world.addUser() })).toEqual([]);
  });

  it('searches inside a caller’s transaction and leaves its settings as they were', async () => {
    await database.db.transaction().execute(async (trx) => {
      const found = await searchKnowledge(trx, {
        userId: world.userId,
        fileIds: [manual],
        query: 'warranty',
      });
      expect(found.map((p) => p.where)).toEqual(['page 2']);
      if (dialect === 'postgres') {
        const { rows } = await sql<{ enable_seqscan: string }>`SHOW enable_seqscan`.execute(trx);
        expect(rows[0]!.enable_seqscan).toBe('on');
      }
    });
  });

  it('looks through thousands of ids for the user’s own files', async () => {
    const ids = [...Array.from({ length: 700 }, () => randomUUID()), manual];
    expect(await places('warranty', ids)).toEqual(['kettle-manual.pdf: page 2']);
  });

  it('skips files in error or still being indexed for the first time', async () => {
    const broken = await world.addFile('!damaged warranty');
    const pending = await world.addFile('pending warranty');
    await indexNow(database.db, world, [broken]);
    await queueIndexing(database.db, { fileId: pending, userId: world.userId });
    expect(await places('warranty', [manual, broken, pending])).toEqual(['kettle-manual.pdf: page 2']);
  });

  describe('with embeddings', () => {
    let server: EmbeddingsServer;
    beforeAll(async () => {
      server = await startEmbeddingsServer();
    });
    afterAll(() => server.close());
    afterEach(() => {
      server.always = undefined;
      server.requests.length = 0;
    });
    const embeddings = () => createEmbeddingClient({ baseURL: server.baseURL, model: 'toy', fetch });

    async function withVectors(text: string, filename: string): Promise<string> {
      const fileId = await world.addFile(text, filename);
      await indexNow(
        database.db,
        world,
        [fileId],
        indexingRunner(database.db, world, {
          embeddings: embeddings(),
          chunking: { maxSize: 30, overlap: 0 },
        }),
      );
      return fileId;
    }

    it('finds a passage by meaning when no word matches, beside the word matches', async () => {
      const cars = await withVectors('The car needs new tyres.\fBake the bread for an hour.', 'garage.txt');
      const options: SearchKnowledgeOptions = { embeddings: embeddings() };
      const byMeaning = await searchKnowledge(
        database.db,
        { userId: world.userId, fileIds: [cars, manual], query: 'automobile' },
        options,
      );
      expect(byMeaning[0]).toMatchObject({ fileId: cars, where: 'page 1', text: 'The car needs new tyres.' });
      const wordsOnly = await searchKnowledge(database.db, {
        userId: world.userId,
        fileIds: [cars, manual],
        query: 'automobile',
      });
      expect(wordsOnly).toEqual([]);
      // A file indexed without vectors is still found by its words.
      const mixed = await searchKnowledge(
        database.db,
        { userId: world.userId, fileIds: [cars, manual], query: 'warranty' },
        options,
      );
      expect(mixed[0]).toMatchObject({ fileId: manual, where: 'page 2' });
    });

    it('falls back to words alone when the query cannot be embedded', async () => {
      const cars = await withVectors('The car needs new tyres.\fThe bread needs an hour.', 'garage.txt');
      server.always = 'status500';
      const errors: unknown[] = [];
      const found = await searchKnowledge(
        database.db,
        { userId: world.userId, fileIds: [cars], query: 'bread' },
        { embeddings: embeddings(), onEmbeddingError: (e) => errors.push(e) },
      );
      expect(found.map((p) => p.text)).toEqual(['The bread needs an hour.']);
      expect(errors.map((e) => (e as Error).message)).toEqual(['the embeddings server answered HTTP 500']);
    });

    it('keeps vectors in a cache until the file is indexed again', async () => {
      const cars = await withVectors('The car needs new tyres.', 'garage.txt');
      const cache = createVectorCache();
      const options: SearchKnowledgeOptions = { embeddings: embeddings(), vectors: cache };
      const input = { userId: world.userId, fileIds: [cars], query: 'vehicle' };
      expect((await searchKnowledge(database.db, input, options)).map((p) => p.text)).toEqual([
        'The car needs new tyres.',
      ]);
      world.files.set(cars, {
        bytes: Buffer.from('The physician is in.'),
        type: 'text/plain',
        filename: 'garage.txt',
      });
      await indexNow(
        database.db,
        world,
        [cars],
        indexingRunner(database.db, world, { embeddings: embeddings() }),
      );
      expect(
        (await searchKnowledge(database.db, { ...input, query: 'doctor' }, options)).map((p) => p.text),
      ).toEqual(['The physician is in.']);
    });
  });
});

describe('keepRarest', () => {
  it('keeps the rarest terms while their matches fit the budget, always the rarest, never one with none', () => {
    const terms = [
      { term: 'the', df: 9_000 },
      { term: 'refund', df: 40 },
      { term: 'policy', df: 900 },
      { term: 'zzz', df: 0 },
      { term: 'is', df: 5_000 },
    ];
    expect(keepRarest(terms, 1_000).map((t) => t.term)).toEqual(['refund', 'policy']);
    expect(keepRarest(terms, 100).map((t) => t.term)).toEqual(['refund']);
    expect(keepRarest(terms, 1_000_000).map((t) => t.term)).toEqual(['refund', 'policy', 'is', 'the']);
    expect(keepRarest([{ term: 'the', df: 9_000 }], 10).map((t) => t.term)).toEqual(['the']);
    expect(keepRarest([{ term: 'zzz', df: 0 }], 10)).toEqual([]);
  });
});

describe('fuse', () => {
  it('adds 1 / (60 + rank) from each list and sorts by the sum', () => {
    const fused = fuse([
      [
        { id: 'a', score: 9 },
        { id: 'b', score: 5 },
      ],
      [
        { id: 'b', score: 0.9 },
        { id: 'c', score: 0.8 },
      ],
    ]);
    expect(fused.map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 61, 12);
  });
});
