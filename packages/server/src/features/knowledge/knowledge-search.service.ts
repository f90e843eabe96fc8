import type { Db } from '../../db/database';
import type { EmbeddingClient } from './embeddings';
import { chunksByIds } from './knowledge-chunks.repository';
import { listKnowledgeFiles, userChunkTotal } from './knowledge-files.repository';
import { FILE_TERMS_UP_TO, rankByTerms, type Ranked } from './knowledge-rank.repository';
import { retrievalTerms } from './knowledge-terms';
import { dot } from './vector-codec';
import { createVectorCache, type VectorCache } from './vector-cache';
import type { KnowledgeFileRow } from './knowledge.table';

/** A passage a search found, best first. */
export interface KnowledgePassage {
  fileId: string;
  filename?: string;
  where?: string;
  text: string;
  /** Higher is better; comparable within one answer only. */
  score: number;
}

export interface SearchKnowledgeInput {
  userId: string;
  /** The files to search; those that are not the user's, or hold no passages, add nothing. */
  fileIds: readonly string[];
  query: string;
  /** 8 by default, at most 50. */
  limit?: number;
}

export interface SearchKnowledgeOptions {
  /** With embeddings, passages are ranked by words and by meaning together (reciprocal rank fusion). */
  embeddings?: EmbeddingClient;
  /** Where file vectors are kept between searches (read from the database each time without one). */
  vectors?: VectorCache;
  /** Hears of a query the embeddings server could not embed: the search then ranks by words alone. */
  onEmbeddingError?(error: unknown): void;
  signal?: AbortSignal;
}

/** Files one search reads at most (an assistant has a handful; the cap keeps the query's size bounded). */
export const MAX_SEARCH_FILES = 500;
/** File ids looked at, whether the user's or not (far under SQLite's limit on a statement's parameters). */
const MAX_LISTED_IDS = 10_000;
/** Candidates each ranking gives the fusion: enough for a passage ranked well by only one of them to make the cut. */
const CANDIDATES = 40;
/** Reciprocal rank fusion's constant: a passage's weight is 1 / (RRF_K + its rank). */
const RRF_K = 60;

/** The passages of the user's files best matching `query`: words alone, or words and meaning when embeddings are on. */
export async function searchKnowledge(
  db: Db,
  input: SearchKnowledgeInput,
  options: SearchKnowledgeOptions = {},
): Promise<KnowledgePassage[]> {
  const limit = Math.min(Math.max(Math.trunc(input.limit ?? 8), 1), 50);
  const files = (
    await listKnowledgeFiles(db, input.userId, [...new Set(input.fileIds)].slice(0, MAX_LISTED_IDS))
  )
    .filter((f) => f.chunk_count > 0)
    .slice(0, MAX_SEARCH_FILES);
  if (files.length === 0) return [];
  const scope = {
    userId: input.userId,
    fileIds: files.map((f) => f.file_id),
    chunkCount: files.reduce((n, f) => n + f.chunk_count, 0),
    termTotal: files.reduce((n, f) => n + f.term_total, 0),
    userChunkCount: files.length > FILE_TERMS_UP_TO ? await userChunkTotal(db, input.userId) : 0,
  };
  const terms = retrievalTerms(input.query);
  const { embeddings } = options;
  const vectorFiles = embeddings ? files.filter((f) => f.embedding_model === embeddings.key) : [];

  let ranked: Ranked[];
  if (!embeddings || vectorFiles.length === 0) {
    ranked = await rankByTerms(db, scope, terms, limit);
  } else {
    const [byWords, byMeaning] = await Promise.all([
      rankByTerms(db, scope, terms, CANDIDATES),
      rankByMeaning(db, input, vectorFiles, embeddings, options),
    ]);
    ranked = byMeaning ? fuse([byWords, byMeaning]).slice(0, limit) : byWords.slice(0, limit);
  }
  const chunks = new Map(
    (
      await chunksByIds(
        db,
        input.userId,
        ranked.map((r) => r.id),
      )
    ).map((c) => [c.id, c]),
  );
  const names = new Map(files.map((f) => [f.file_id, f.filename]));
  return ranked.flatMap((r) => {
    const chunk = chunks.get(r.id);
    if (!chunk) return [];
    return [
      {
        fileId: chunk.fileId,
        filename: names.get(chunk.fileId),
        ...(chunk.where === undefined ? {} : { where: chunk.where }),
        text: chunk.text,
        score: r.score,
      },
    ];
  });
}

/** The passages nearest the query's meaning, or undefined when the query could not be embedded. */
async function rankByMeaning(
  db: Db,
  input: SearchKnowledgeInput,
  files: readonly KnowledgeFileRow[],
  embeddings: EmbeddingClient,
  options: SearchKnowledgeOptions,
): Promise<Ranked[] | undefined> {
  let query: Float32Array;
  try {
    [query] = (await embeddings.embed([input.query], options.signal)) as [Float32Array];
  } catch (error) {
    if (options.signal?.aborted) throw error;
    options.onEmbeddingError?.(error);
    return undefined;
  }
  // Without a cache the vectors are read for this search only (a cache of no size holds nothing).
  const cache = options.vectors ?? createVectorCache(0);
  const held = await cache.get(
    db,
    input.userId,
    files.map((f) => ({
      fileId: f.file_id,
      version: `${f.updated_at}|${f.embedding_model}|${f.chunk_count}`,
    })),
  );
  const best: Ranked[] = [];
  for (const { ids, vectors } of held.values()) {
    vectors.forEach((v, i) => keepBest(best, { id: ids[i]!, score: dot(query, v) }, CANDIDATES));
  }
  return best;
}

/** Inserts `item` into `best` (sorted, highest first), keeping at most `size`. */
function keepBest(best: Ranked[], item: Ranked, size: number): void {
  if (best.length >= size && item.score <= best[best.length - 1]!.score) return;
  let i = best.length;
  while (i > 0 && best[i - 1]!.score < item.score) i -= 1;
  best.splice(i, 0, item);
  if (best.length > size) best.pop();
}

/** Reciprocal rank fusion: each list gives a passage 1 / (RRF_K + rank); the sums, best first. */
export function fuse(lists: ReadonlyArray<readonly Ranked[]>): Ranked[] {
  const scores = new Map<string, number>();
  for (const list of lists)
    list.forEach((r, rank) => scores.set(r.id, (scores.get(r.id) ?? 0) + 1 / (RRF_K + rank + 1)));
  return [...scores]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
}

export interface KnowledgeSearchOptions {
  db: Db;
  /** The operator's embeddings, when configured: searches rank by words and meaning. */
  embeddings?: EmbeddingClient;
  /** Memory for passage vectors, bytes (64 MB by default; 0 reads them for every search). */
  vectorCacheBytes?: number;
  onEmbeddingError?(error: unknown): void;
}

/** searchKnowledge with the app's embeddings and one vector cache, in the shape the retrieval tool takes. */
export function createKnowledgeSearch(
  options: KnowledgeSearchOptions,
): (input: SearchKnowledgeInput, signal?: AbortSignal) => Promise<KnowledgePassage[]> {
  const vectors = options.embeddings ? createVectorCache(options.vectorCacheBytes) : undefined;
  return (input, signal) =>
    searchKnowledge(options.db, input, {
      ...(options.embeddings ? { embeddings: options.embeddings, vectors } : {}),
      ...(options.onEmbeddingError ? { onEmbeddingError: options.onEmbeddingError } : {}),
      ...(signal ? { signal } : {}),
    });
}
