import type { Db } from '../../db/database';
import { chunkVectors } from './knowledge-chunks.repository';

/** A file's passage vectors as a search compares them. */
export interface FileVectors {
  ids: string[];
  vectors: Float32Array[];
}

export interface VectorCache {
  /** The file's vectors, read from the database unless held for the same `version` (the state's updated_at). */
  get(db: Db, file: { userId: string; fileId: string; version: string }): Promise<FileVectors>;
}

/**
 * Keeps the vectors of recently searched files in memory, at most `maxBytes` (least recently used go first): reading
 * 10,000 vectors from the database for every question would cost more than the whole search. A re-indexed file has a
 * new version, so its old vectors are never used; another instance's cache learns that from the same state row.
 */
export function createVectorCache(maxBytes = 64 * 1024 * 1024): VectorCache {
  const entries = new Map<string, { version: string; value: FileVectors; bytes: number }>();
  let total = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    total -= entry.bytes;
    entries.delete(key);
  };
  return {
    async get(db, { userId, fileId, version }) {
      const key = `${userId}\n${fileId}`;
      const held = entries.get(key);
      if (held?.version === version) {
        entries.delete(key);
        entries.set(key, held);
        return held.value;
      }
      drop(key);
      const rows = await chunkVectors(db, userId, [fileId]);
      const value = { ids: rows.map((r) => r.id), vectors: rows.map((r) => r.vector) };
      const bytes = value.vectors.reduce((n, v) => n + v.byteLength + 64, 0);
      if (bytes <= maxBytes) {
        entries.set(key, { version, value, bytes });
        total += bytes;
        for (const oldest of entries.keys()) {
          if (total <= maxBytes) break;
          drop(oldest);
        }
      }
      return value;
    },
  };
}
