import { z } from 'zod';
import type { Db } from '../../db/database';
import type { Tool, ToolContext } from '../tools/tool';
import { knowledgeStates } from './knowledge-index.service';
import {
  searchKnowledge,
  type KnowledgePassage,
  type SearchKnowledgeInput,
} from './knowledge-search.service';
import { formatRetrieval } from './retrieval-format';

/** A knowledge file the tool may search, with the name the model and the reply cite it by. */
export interface RetrievalFile {
  fileId: string;
  filename: string;
}

export interface RetrievalToolOptions {
  db: Db;
  /** The files this run may search (an assistant's knowledge files), for the run's user. */
  files(ctx: ToolContext): Promise<readonly RetrievalFile[]>;
  /** The search (searchKnowledge on `db` by default; pass one with embeddings when they are configured). */
  search?(input: SearchKnowledgeInput, signal: AbortSignal): Promise<KnowledgePassage[]>;
  /** Passages a retrieval answers at most (8 by default). */
  limit?: number;
}

export const MAX_QUERY_CHARS = 2_000;

const input = z.object({
  query: z
    .string()
    .trim()
    .min(1)
    .max(MAX_QUERY_CHARS)
    .describe('What to look for, in the words the files would use (any language): a question or keywords.'),
});

/**
 * The `retrieval` tool: searches the run's knowledge files and answers numbered passages with their file names and
 * places, and the same passages as citations for the reply. Files not searchable yet are named, so the model can say
 * so rather than answer as if they had nothing.
 */
export function createRetrievalTool(options: RetrievalToolOptions): Tool<z.infer<typeof input>> {
  const search = options.search ?? ((query: SearchKnowledgeInput) => searchKnowledge(options.db, query));
  return {
    key: 'retrieval',
    description:
      'Search the knowledge files (documents the user gave this assistant) for passages about a question. Use it ' +
      'before answering anything those files may cover; quote what you use and cite it by its number and file name.',
    input,
    async run({ query }, ctx) {
      const files = await options.files(ctx);
      if (files.length === 0) return { output: 'There are no knowledge files to search.', citations: [] };
      const ids = files.map((f) => f.fileId);
      const states = new Map((await knowledgeStates(options.db, ctx.userId, ids)).map((s) => [s.file_id, s]));
      ctx.progress(`Searching ${files.length} knowledge file${files.length === 1 ? '' : 's'}`);
      const found = await search(
        { userId: ctx.userId, fileIds: ids, query, limit: options.limit ?? 8 },
        ctx.signal,
      );
      const names = new Map(files.map((f) => [f.fileId, f.filename]));
      const passages = found.map((p) => ({ ...p, filename: names.get(p.fileId) ?? p.filename ?? p.fileId }));
      const unsearched = files
        .filter((f) => states.get(f.fileId)?.status !== 'ready')
        .map((f) => ({ filename: f.filename, state: states.get(f.fileId) }));
      return formatRetrieval(query, passages, unsearched);
    },
  };
}
