import type { Db } from '../../db/database';
import { newFile, newUserRow } from '../../../test/factories.test-helpers';
import { createTaskRunner, type TaskRunner } from '../tasks/task-runner';
import { fakeExtractor } from './fake-extractor.test-helpers';
import {
  createIndexingHandler,
  KNOWLEDGE_INDEX_TASK,
  queueIndexing,
  type IndexingOptions,
  type KnowledgeSource,
} from './knowledge-index.service';

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
