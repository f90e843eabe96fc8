import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { queueIndexing } from './knowledge-index.service';
import { searchKnowledge } from './knowledge-search.service';
import { indexingRunner, indexNow, knowledgeWorld, type KnowledgeWorld } from './knowledge.test-helpers';

// Full-text retrieval on both databases: ranking, English, Chinese by two characters, mixed queries, the user's
// and the given files only, many files, hostile queries.

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
});
