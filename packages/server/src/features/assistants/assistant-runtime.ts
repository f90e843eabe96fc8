import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { AppDeps } from '../../app-deps';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import { createActionOAuth } from '../actions/action-oauth.service';
import { createSandboxPool } from '../code-interpreter/sandbox-pool';
import type { AppStorage } from '../files/storage/storage-for-app';
import { findReadyFile } from '../files/files.repository';
import { createExtractor } from '../knowledge/extract/extractor';
import {
  createIndexingHandler,
  KNOWLEDGE_INDEX_TASK,
  queueIndexing,
} from '../knowledge/knowledge-index.service';
import { createKnowledgeSearch } from '../knowledge/knowledge-search.service';
import { createEmbeddingClient } from '../knowledge/embeddings';
import { createTaskRunner } from '../tasks/task-runner';
import type { AssistantRuntime } from './assistant-turn-tools';

export type { AssistantRuntime } from './assistant-turn-tools';

/**
 * What assistants' tools run on, made once per app (docs/reference/assistants.md): the Python sandboxes, the guard
 * every action call goes through, actions' OAuth sign-in, the knowledge search, and the background indexing of knowledge files (a task runner
 * claiming `knowledge.index` tasks; extraction in worker threads). Nothing starts while the endpoint is off, and no
 * sandbox or worker starts before its first use.
 */
export function createAssistantRuntime(
  deps: AppDeps,
  files: Pick<AppStorage, 'storageForSource'>,
  logError: (error: unknown, what: string) => void,
): AssistantRuntime & {
  queueKnowledge(userId: string, fileId: string): Promise<void>;
  close(): Promise<void>;
} {
  const settings = deps.config.assistants;
  const db = deps.database.db;
  const sandboxes =
    settings?.capabilities.includes('code_interpreter') === true
      ? createSandboxPool({
          size: settings.codeInterpreter.poolSize,
          maxSandboxes: settings.codeInterpreter.maxSandboxes,
          idleMs: settings.codeInterpreter.idleMs,
          cacheDir: join(deps.config.dataDir, 'cache', 'python'),
          onError: (error) => logError(error, 'code interpreter sandbox'),
        })
      : null;
  const extractor = settings ? createExtractor() : null;
  // The operator's embeddings server is the operator's address: fetched as it is, like a provider's API.
  const embeddings = settings?.embeddings
    ? createEmbeddingClient({
        baseURL: settings.embeddings.baseURL,
        model: settings.embeddings.model,
        fetch,
        ...(settings.embeddings.apiKey ? { apiKey: settings.embeddings.apiKey } : {}),
        ...(settings.embeddings.dimensions ? { dimensions: settings.embeddings.dimensions } : {}),
      })
    : undefined;
  const runner = extractor
    ? createTaskRunner({
        db,
        handlers: {
          [KNOWLEDGE_INDEX_TASK]: createIndexingHandler({
            db,
            extractor,
            ...(embeddings ? { embeddings } : {}),
            onEmbeddingsSkipped: (fileId, error) =>
              logError(error, `knowledge file ${fileId} indexed without embeddings`),
            readFile: async (fileId) => {
              const row = await findReadyFile(db, fileId);
              if (!row) return undefined;
              const storage = await files.storageForSource(row.source);
              const stored = storage ? await storage.get(row.storage_key) : null;
              return stored
                ? { bytes: await buffer(stored.body), type: row.type, filename: row.filename }
                : undefined;
            },
          }),
        },
        onError: (error) => logError(error, 'knowledge indexing'),
      })
    : null;
  runner?.start();
  // One guard for actions' APIs and their token URLs: both are user-given.
  const guardedFetch = createGuardedFetch({ allowedRanges: deps.config.network.userURLAllowedRanges });
  return {
    sandboxes,
    guardedFetch,
    oauth: createActionOAuth({
      db,
      creds: deps.config,
      guardedFetch,
      serverOrigin: deps.config.domainServer,
    }),
    search: createKnowledgeSearch({
      db,
      ...(embeddings
        ? {
            embeddings,
            onEmbeddingError: (error: unknown) => logError(error, 'knowledge search by words alone'),
          }
        : {}),
    }),
    async queueKnowledge(userId, fileId) {
      await queueIndexing(db, { fileId, userId });
      runner?.wake();
    },
    async close() {
      await runner?.stop({ abort: true });
      await Promise.all([sandboxes?.close(), extractor?.close()]);
    },
  };
}
