import type { Insertable, Selectable } from 'kysely';

/**
 * An uploaded file. `status` makes the two-step writes repairable: a row is `pending` before its bytes are stored
 * and `ready` after; a delete marks it `deleting` before removing the bytes, then removes the row. A crash leaves a
 * pending or deleting row, which the start-up repair finishes (bytes removed, row removed).
 */
export interface FilesTable {
  file_id: string;
  user_id: string;
  /** The client's name for the file, decoded, at most 255 characters. */
  filename: string;
  /** MIME type decided from the content (magic bytes). */
  type: string;
  /** bigint in PostgreSQL, which the driver answers as a string: read through Number(). */
  bytes: number | string;
  width: number | null;
  height: number | null;
  /** `local` or `s3`: the strategy that holds the bytes. */
  source: string;
  context: string;
  /** The object's key in the storage (`{user_id}/{file_id}`). */
  storage_key: string;
  status: 'pending' | 'ready' | 'deleting';
  assistant_id: string | null;
  /** 0/1: uploaded as a message attachment. */
  message_file: number;
  created_at: string;
  updated_at: string;
}
export type FileRow = Selectable<FilesTable>;
export type NewFileRow = Insertable<FilesTable>;
