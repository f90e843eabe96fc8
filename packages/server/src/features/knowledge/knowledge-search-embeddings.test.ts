import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { createEmbeddingClient } from './embeddings';
import { startEmbeddingsServer, type EmbeddingsServer } from './embeddings-server.test-helpers';
import {
  createKnowledgeSearch,
  searchKnowledge,
  type SearchKnowledgeOptions,
} from './knowledge-search.service';
import { createVectorCache } from './vector-cache';
import { indexingRunner, indexNow, knowledgeWorld, type KnowledgeWorld } from './knowledge.test-helpers';

// Search with embeddings against a local /embeddings server: meaning found where no word matches, words and meaning
// fused, the fallback to words when the server fails, and the vector cache.

describe.each(testDialects())('knowledge search with embeddings on %s', (dialect) => {
  let database: TestDatabase;
  let world: KnowledgeWorld;
  let manual: string;
  beforeEach(async () => {
    database = await freshDatabase(dialect);
    world = await knowledgeWorld(database.db);
    manual = await world.addFile('Cover.\fThe warranty lasts two years.', 'kettle-manual.pdf');
    await indexNow(
      database.db,
      world,
      [manual],
      indexingRunner(database.db, world, { chunking: { maxSize: 30 } }),
    );
  });
  afterEach(() => database.cleanup());

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

  it('createKnowledgeSearch ranks with the app’s embeddings, or words alone without them', async () => {
    const cars = await withVectors('The car needs new tyres.\fBake the bread for an hour.', 'garage.txt');
    const input = { userId: world.userId, fileIds: [cars], query: 'automobile' };
    const withMeaning = createKnowledgeSearch({ db: database.db, embeddings: embeddings() });
    expect((await withMeaning(input)).map((p) => p.text)[0]).toBe('The car needs new tyres.');
    expect(await createKnowledgeSearch({ db: database.db })(input)).toEqual([]);
    const errors: unknown[] = [];
    server.always = 'status401';
    const failing = createKnowledgeSearch({
      db: database.db,
      embeddings: embeddings(),
      onEmbeddingError: (e) => errors.push(e),
    });
    expect(await failing({ ...input, query: 'bread' })).toMatchObject([
      { text: 'Bake the bread for an hour.' },
    ]);
    expect(errors).toHaveLength(1);
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
