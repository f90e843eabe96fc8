import type { Selectable } from 'kysely';
import type { KnowledgeErrorCode, KnowledgeStatus } from '@parley/shared';

/** A knowledge file's indexing state (migration 0024); deleted with the file. */
export interface KnowledgeFilesTable {
  file_id: string;
  user_id: string;
  status: KnowledgeStatus;
  error_code: KnowledgeErrorCode | null;
  /** What went wrong, in words a user reads (set with status `error`). */
  error: string | null;
  chunk_count: number;
  /** The sum of its chunks' term counts: with chunk_count, the average passage length ranking needs. */
  term_total: number;
  /** The embeddings model (and size) of the file's chunk vectors; null when the chunks have none. */
  embedding_model: string | null;
  created_at: string;
  updated_at: string;
}
export type KnowledgeFileRow = Selectable<KnowledgeFilesTable>;

/**
 * One passage of a file. PostgreSQL also has `terms` (tsvector) and SQLite the FTS5 table `knowledge_fts`: written
 * and read with raw SQL only (knowledge-chunks.repository.ts), so they are not declared here.
 */
export interface KnowledgeChunksTable {
  /** bigint on PostgreSQL, which the driver answers as a string. */
  id: number | string;
  file_id: string;
  user_id: string;
  /** The passage's place in the file, from 0. */
  seq: number;
  text: string;
  /** Where in the file it is ("page 3", "Sheet1"), as the extractor said. */
  location: string | null;
  /** How many distinct terms the passage is indexed under: its length for ranking. */
  term_count: number;
  /** Unit-length float32 vector, little-endian; null without embeddings. */
  embedding: Buffer | null;
}
