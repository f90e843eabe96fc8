import type { Db } from '../../db/database';
import { chunkVectors } from './knowledge-chunks.repository';

/** A file's passage vectors as a search compares them. */
export interface FileVectors {
  ids: string[];
  vectors: Float32Array[];
}

/** A file whose vectors a search wants, and the version of its index (a re-indexed file has a new one). */
export interface VersionedFile {
  fileId: string;
  version: string;
}

export interface VectorCache {
  /** The files' vectors by file id: those held for the same version from memory, the others in one read. */
  get(db: Db, userId: string, files: readonly VersionedFile[]): Promise<Map<string, FileVectors>>;
}

/**
 * Keeps the vectors of recently searched files in memory, at most `maxBytes` (least recently used go first): reading
 * 10,000 vectors from the database for every question would cost more than the whole search. A re-indexed file has a
 * new version, so its old vectors are never used; another instance's cache learns that from the same state row.
 * A cache of no size holds nothing: every search reads what it needs.
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
  const keep = (key: string, version: string, value: FileVectors) => {
    const bytes = value.vectors.reduce((n, v) => n + v.byteLength + 64, 0);
    if (bytes > maxBytes) return;
    entries.set(key, { version, value, bytes });
    total += bytes;
    for (const oldest of entries.keys()) {
      if (total <= maxBytes) break;
      drop(oldest);
    }
  };
  return {
    async get(db, userId, files) {
      const out = new Map<string, FileVectors>();
      const missing: VersionedFile[] = [];
      for (const file of files) {
        const key = `${userId}\n${file.fileId}`;
        const held = entries.get(key);
        if (held?.version === file.version) {
          // Read again: now the most recently used.
          entries.delete(key);
          entries.set(key, held);
          out.set(file.fileId, held.value);
        } else {
          drop(key);
          missing.push(file);
        }
      }
      const rows = await chunkVectors(
        db,
        userId,
        missing.map((f) => f.fileId),
      );
      for (const file of missing) out.set(file.fileId, { ids: [], vectors: [] });
      for (const row of rows) {
        const value = out.get(row.fileId)!;
        value.ids.push(row.id);
        value.vectors.push(row.vector);
      }
      for (const file of missing) keep(`${userId}\n${file.fileId}`, file.version, out.get(file.fileId)!);
      return out;
    },
  };
}
