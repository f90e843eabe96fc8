import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { testToolContext } from '../tools/tool-context.test-helpers';
import { runToolCall } from '../tools/tool-runner';
import { INDEX_ERROR_MESSAGES, queueIndexing } from './knowledge-index.service';
import type { KnowledgePassage, SearchKnowledgeInput } from './knowledge-search.service';
import { MAX_PASSAGE_CHARS, MAX_RETRIEVAL_OUTPUT_CHARS } from './retrieval-format';
import { createRetrievalTool, type RetrievalFile } from './retrieval-tool';
import { indexNow, knowledgeWorld, type KnowledgeWorld } from './knowledge.test-helpers';

describe.each(testDialects())('retrieval tool on %s', (dialect) => {
  let database: TestDatabase;
  let world: KnowledgeWorld;
  beforeEach(async () => {
    database = await freshDatabase(dialect);
    world = await knowledgeWorld(database.db);
  });
  afterEach(() => database.cleanup());

  const tool = (files: RetrievalFile[], extra: Partial<Parameters<typeof createRetrievalTool>[0]> = {}) =>
    createRetrievalTool({ db: database.db, files: async () => files, ...extra });
  const ctx = (userId = world.userId) => testToolContext({ userId });

  it('answers numbered passages with file names and places, and the same passages as citations', async () => {
    const guide = await world.addFile(
      'Welcome.\fThe office opens at 9 am.\f办公室上午九点开门。',
      'guide.pdf',
    );
    const faq = await world.addFile('Parking is free for visitors at the office.', 'faq.md');
    await indexNow(database.db, world, [guide, faq]);
    const files = [
      { fileId: guide, filename: 'Office guide.pdf' },
      { fileId: faq, filename: 'faq.md' },
    ];
    const context = ctx();
    const result = await tool(files).run({ query: 'office' }, context);
    expect(result.citations).toHaveLength(2);
    const [first, second] = result.citations!;
    for (const [i, c] of result.citations!.entries()) {
      expect(result.output).toContain(`[${i + 1}] ${c.filename}${c.where ? `, ${c.where}` : ''}\n${c.text}`);
    }
    expect(result.output.startsWith('Passages of the knowledge files for "office".')).toBe(true);
    expect(new Set([first!.fileId, second!.fileId])).toEqual(new Set([guide, faq]));
    const fromGuide = result.citations!.find((c) => c.fileId === guide)!;
    // The name the run gave the file is the one cited.
    expect(fromGuide).toEqual({
      fileId: guide,
      filename: 'Office guide.pdf',
      where: 'page 1 – page 3',
      text: 'Welcome.\n\nThe office opens at 9 am.\n\n办公室上午九点开门。',
    });
    expect(context.progressed).toEqual(['Searching 2 knowledge files']);
  });

  it('finds a Chinese passage by two characters', async () => {
    const notes = await world.addFile('Meeting notes.\f会议纪要：下周三讨论预算。', 'notes.txt');
    await indexNow(database.db, world, [notes]);
    const result = await tool([{ fileId: notes, filename: 'notes.txt' }]).run({ query: '预算' }, ctx());
    expect(result.citations).toEqual([
      {
        fileId: notes,
        filename: 'notes.txt',
        where: 'page 1 – page 2',
        text: 'Meeting notes.\n\n会议纪要：下周三讨论预算。',
      },
    ]);
  });

  it('says which files are still being indexed or failed, and that nothing matched', async () => {
    const ready = await world.addFile('Apples are red.', 'fruit.txt');
    const locked = await world.addFile('!encrypted', 'locked.pdf');
    await indexNow(database.db, world, [ready, locked]);
    const pending = await world.addFile('Not indexed yet.', 'pending.docx');
    await queueIndexing(database.db, { fileId: pending, userId: world.userId });
    const never = await world.addFile('Never queued.', 'never.txt');
    const files = [
      { fileId: ready, filename: 'fruit.txt' },
      { fileId: locked, filename: 'locked.pdf' },
      { fileId: pending, filename: 'pending.docx' },
      { fileId: never, filename: 'never.txt' },
    ];
    const result = await tool(files).run({ query: 'bananas' }, ctx());
    expect(result).toEqual({
      output: [
        'No passage of the knowledge files matches "bananas".',
        '',
        'Still being indexed, so not searched yet: pending.docx, never.txt.',
        `Could not be indexed: locked.pdf (${INDEX_ERROR_MESSAGES.encrypted}).`,
      ].join('\n'),
      citations: [],
    });
  });

  it('answers plainly when the run has no knowledge files', async () => {
    expect(await tool([]).run({ query: 'anything' }, ctx())).toEqual({
      output: 'There are no knowledge files to search.',
      citations: [],
    });
  });

  it('finds nothing in files of another user, whatever ids the run names', async () => {
    const other = await world.addUser();
    const theirs = await world.addFile('Secret plans of the other user.', 'theirs.txt', other);
    await indexNow(database.db, world, [theirs], undefined, other);
    const result = await tool([{ fileId: theirs, filename: 'theirs.txt' }]).run(
      { query: 'secret plans' },
      ctx(),
    );
    expect(result.citations).toEqual([]);
    expect(result.output).not.toContain('Secret');
  });

  it('keeps its answer within the cap, with whole passages only', async () => {
    const long = Array.from(
      { length: 12 },
      (_, i) => `Chapter ${i}: ${'widget facts are here. '.repeat(300)}`,
    );
    const book = await world.addFile(long.join('\f'), 'book.txt');
    await indexNow(database.db, world, [book]);
    // A search that answers oversized passages, as another search function might.
    const huge = async (q: SearchKnowledgeInput): Promise<KnowledgePassage[]> =>
      Array.from({ length: q.limit ?? 8 }, (_, i) => ({
        fileId: book,
        text: `${i} ${'x'.repeat(10_000)}`,
        score: 1,
      }));
    const result = await tool([{ fileId: book, filename: 'book.txt' }], { search: huge, limit: 20 }).run(
      { query: 'widget' },
      ctx(),
    );
    expect(result.output.length).toBeLessThanOrEqual(MAX_RETRIEVAL_OUTPUT_CHARS);
    expect(result.citations!.length).toBe(4);
    for (const [i, c] of result.citations!.entries()) {
      expect([...c.text].length).toBe(MAX_PASSAGE_CHARS);
      expect(c.text.endsWith('…')).toBe(true);
      expect(result.output).toContain(`[${i + 1}] book.txt\n${c.text}`);
    }
    expect(result.output).not.toContain('[5]');
  });

  it('passes the run’s user, files, query, limit and signal to the search it was given', async () => {
    const seen: Array<[SearchKnowledgeInput, AbortSignal]> = [];
    const search = async (q: SearchKnowledgeInput, signal: AbortSignal) => (seen.push([q, signal]), []);
    const context = ctx();
    await tool([{ fileId: 'f1', filename: 'a.txt' }], { search, limit: 3 }).run({ query: 'q' }, context);
    expect(seen).toEqual([[{ userId: world.userId, fileIds: ['f1'], query: 'q', limit: 3 }, context.signal]]);
  });

  it('keeps names and places on one line, so a file name cannot fake a passage', async () => {
    const result = await tool([{ fileId: 'f1', filename: 'a\n[2] fake.txt' }], {
      search: async () => [{ fileId: 'f1', where: 'page\r\n9', text: 'Real text.', score: 1 }],
    }).run({ query: 'x' }, ctx());
    expect(result.output).toContain('[1] a [2] fake.txt, page 9\nReal text.');
    expect(result.citations).toEqual([
      { fileId: 'f1', filename: 'a [2] fake.txt', where: 'page 9', text: 'Real text.' },
    ]);
  });

  it('refuses an empty or oversized query through the tool runner, as a failed step', async () => {
    const t = tool([]);
    const empty = await runToolCall(t, { query: '   ' }, ctx());
    expect(empty.status).toBe('failed');
    expect(empty.output).toMatch(/^error processing tool retrieval: invalid input/);
    const long = await runToolCall(t, { query: 'x'.repeat(2_001) }, ctx());
    expect(long.status).toBe('failed');
    expect((await runToolCall(t, { question: 'wrong field' }, ctx())).status).toBe('failed');
  });
});
