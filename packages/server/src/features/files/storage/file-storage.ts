import type { Readable } from 'node:stream';

/**
 * Where file bytes live. Keys are `{userId}/{fileId}`; the database row says which key and which strategy.
 * Implementations stream: nothing holds a whole file in memory.
 */
export interface FileStorage {
  readonly source: 'local' | 's3';
  /**
   * Stores the stream under `key` and answers the bytes written. On a stream or storage error it rejects and
   * leaves nothing under the key (a partial object is removed).
   */
  put(key: string, body: Readable, contentType: string): Promise<{ bytes: number }>;
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<{ body: Readable; bytes: number | null } | null>;
  /** Removes the object; removing an absent key is not an error. */
  delete(key: string): Promise<void>;
  /** Releases clients and handles (S3's sockets); optional. */
  close?(): Promise<void>;
}

/** The key of a file's object. */
export function storageKey(userId: string, fileId: string): string {
  return `${userId}/${fileId}`;
}
