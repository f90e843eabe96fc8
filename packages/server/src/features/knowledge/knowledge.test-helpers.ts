import { sql } from 'kysely';
import { afterEach, beforeEach } from 'vitest';
import type { Db, DialectName } from '../../db/database';
import { freshDatabase, type TestDatabase } from '../../../test/dialects.test-helpers';
import { newFile, newUserRow } from '../../../test/factories.test-helpers';
import { createTaskRunner, type TaskRunner } from '../tasks/task-runner';
import { fakeExtractor } from './fake-extractor.test-helpers';
import {
  createIndexingHandler,
  KNOWLEDGE_INDEX_TASK,
  knowledgeStates,
  queueIndexing,
  type IndexingOptions,
  type KnowledgeSource,
} from './knowledge-index.service';
import { searchKnowledge } from './knowledge-search.service';

/** A user's uploaded files held in memory, as storage would give them to indexing. */
export interface KnowledgeWorld {
  userId: string;
  files: Map<string, KnowledgeSource>;
  /** A text file of this user, in `files` and the files table; answers its id. */
  addFile(text: string, filename?: string, userId?: string): Promise<string>;
  /** Another user (answers their id). */
  addUser(): Promise<string>;
  readFile: IndexingOptions['readFile'];
}

export async function knowledgeWorld(db: Db): Promise<KnowledgeWorld> {
  const files = new Map<string, KnowledgeSource>();
  const { id: userId } = await newUserRow(db);
  return {
    userId,
    files,
    async addFile(text, filename = 'notes.txt', owner = userId) {
      const bytes = Buffer.from(text, 'utf8');
      const { file_id } = await newFile(db, owner, {
        bytes,
        type: 'text/plain',
        filename,
        context: 'assistants',
      });
      files.set(file_id, { bytes, type: 'text/plain', filename });
      return file_id;
    },
    async addUser() {
      return (await newUserRow(db)).id;
    },
    readFile: async (fileId) => files.get(fileId),
  };
}

/** A runner that indexes with the fake extractor unless told otherwise; no delays between retries. */
export function indexingRunner(
  db: Db,
  world: KnowledgeWorld,
  options: Partial<IndexingOptions> = {},
): TaskRunner {
  const handler = createIndexingHandler({
    db,
    readFile: world.readFile,
    extractor: fakeExtractor(),
    ...options,
  });
  return createTaskRunner({
    db,
    handlers: { [KNOWLEDGE_INDEX_TASK]: handler },
    backoff: { baseMs: 0, maxMs: 0 },
  });
}

/** Queues files and runs the runner until nothing is due (retries included). */
export async function indexNow(
  db: Db,
  world: KnowledgeWorld,
  fileIds: readonly string[],
  runner: TaskRunner = indexingRunner(db, world),
  userId = world.userId,
): Promise<void> {
  for (const fileId of fileIds) await queueIndexing(db, { fileId, userId });
  while ((await runner.poll()) > 0) await runner.idle();
}

export interface KnowledgeBed {
  readonly db: Db;
  readonly world: KnowledgeWorld;
  /** A file's passages as stored, in order. */
  chunksOf(
    fileId: string,
  ): Promise<Array<{ seq: number; text: string; location: string | null; user_id: string }>>;
  /** The test user's states of these files. */
  states(...fileIds: string[]): ReturnType<typeof knowledgeStates>;
  search(fileIds: string[], query: string): ReturnType<typeof searchKnowledge>;
  /** Full-text index rows left: SQLite's FTS5 rows; on PostgreSQL the chunk rows carry the index. */
  indexRows(): Promise<number>;
}

/** A fresh database and a user with in-memory files for each test of the calling describe block. */
export function useKnowledgeBed(dialect: DialectName): KnowledgeBed {
  let database: TestDatabase;
  let world: KnowledgeWorld;
  beforeEach(async () => {
    database = await freshDatabase(dialect);
    world = await knowledgeWorld(database.db);
  });
  afterEach(() => database.cleanup());
  return {
    get db() {
      return database.db;
    },
    get world() {
      return world;
    },
    chunksOf: (fileId) =>
      database.db
        .selectFrom('knowledge_chunks')
        .select(['seq', 'text', 'location', 'user_id'])
        .where('file_id', '=', fileId)
        .orderBy('seq')
        .execute(),
    states: (...ids) => knowledgeStates(database.db, world.userId, ids),
    search: (fileIds, query) => searchKnowledge(database.db, { userId: world.userId, fileIds, query }),
    async indexRows() {
      if (dialect === 'postgres')
        return (await database.db.selectFrom('knowledge_chunks').select('id').execute()).length;
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM knowledge_fts`.execute(database.db);
      return Number(rows[0]!.n);
    },
  };
}
