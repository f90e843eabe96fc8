import { FILE_CONTEXTS, FILE_SOURCES, type FileRecord } from '@parley/shared';
import { signedFilePath, type FileUrlConfig } from './file-url';
import type { FileRow } from './files.table';

const oneOf = <T extends string>(list: readonly T[], value: string, fallback: T): T =>
  (list as readonly string[]).includes(value) ? (value as T) : fallback;

/**
 * A row as the API shows it, `filepath` a signed URL (file-url.ts); `bytes` is a string on PostgreSQL (bigint),
 * hence Number().
 */
export function toFileRecord(config: FileUrlConfig, row: FileRow): FileRecord {
  return {
    file_id: row.file_id,
    filename: row.filename,
    filepath: signedFilePath(config, row.user_id, row.file_id),
    type: row.type,
    bytes: Number(row.bytes),
    source: oneOf(FILE_SOURCES, row.source, 'local'),
    context: oneOf(FILE_CONTEXTS, row.context, 'unknown'),
    ...(row.width !== null ? { width: row.width } : {}),
    ...(row.height !== null ? { height: row.height } : {}),
    ...(row.assistant_id !== null ? { assistant_id: row.assistant_id } : {}),
    message_file: Boolean(row.message_file),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
