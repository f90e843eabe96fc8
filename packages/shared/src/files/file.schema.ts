import { z } from 'zod';
import { KNOWLEDGE_STATUSES } from '../knowledge/knowledge.schema';

/** Where a file's bytes live (docs/reference/files.md (File fields); `s3` when `fileStrategy: s3`). */
export const FILE_SOURCES = ['local', 's3', 'openai'] as const;
export type FileSource = (typeof FILE_SOURCES)[number];

/**
 * The sources a request may name (docs/reference/files.md (Deleting files)): Parley's, and `firebase`, which
 * LibreChat's clients send for files of that storage. Parley stores no file there; the source a request names is
 * not used to find a file (its own row says where the bytes are).
 */
export const REQUEST_FILE_SOURCES = [...FILE_SOURCES, 'firebase'] as const;

/** What a file is for (docs/reference/files.md (File fields)). */
export const FILE_CONTEXTS = [
  'avatar',
  'unknown',
  'assistants',
  'image_generation',
  'assistants_output',
  'message_attachment',
] as const;
export type FileContext = (typeof FILE_CONTEXTS)[number];

/** Where a knowledge file's indexing stands, as the file list shows it. */
export const knowledgeStateSchema = z.object({
  status: z.enum(KNOWLEDGE_STATUSES),
  error: z.string().optional(),
});
export type KnowledgeState = z.infer<typeof knowledgeStateSchema>;

/**
 * A stored file as the API shows it (`GET /api/files`, upload answers). `filepath` is the URL the bytes are read
 * from: `/api/files/download/{file_id}` signed for 10 to 20 minutes (`?exp=…&sig=…`, readable without the bearer
 * token; docs/reference/files.md (Reading a file)); `type` is the MIME type decided from the content, `bytes` the
 * stored size, `width`/`height` an image's real dimensions after any scaling.
 */
export const fileRecordSchema = z.object({
  file_id: z.string(),
  filename: z.string(),
  filepath: z.string(),
  type: z.string(),
  bytes: z.number().int().nonnegative(),
  source: z.enum(FILE_SOURCES),
  context: z.enum(FILE_CONTEXTS),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  assistant_id: z.string().optional(),
  message_file: z.boolean().optional(),
  /** An assistant's knowledge file: where its text extraction and indexing stand (`error` says why it failed). */
  knowledge: knowledgeStateSchema.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileRecord = z.infer<typeof fileRecordSchema>;

/** The answer of `POST /api/files` and `POST /api/files/images`: the record plus the client's temporary id. */
export const uploadResponseSchema = fileRecordSchema.extend({
  temp_file_id: z.string(),
  message: z.string(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** `POST /api/files/images/avatar` answers the new avatar's URL (also saved as the user's `avatar`). */
export const avatarResponseSchema = z.object({ url: z.string() });
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;

/** Most files one `DELETE /api/files` call takes. */
export const MAX_FILES_PER_DELETE = 100;

/**
 * `DELETE /api/files` body (docs/reference/files.md (Deleting files)): the files to delete, and the assistant they
 * belong to, if any.
 */
export const deleteFilesPayloadSchema = z.object({
  files: z
    .array(
      z.object({
        file_id: z.string().min(1).max(200),
        filepath: z.string().max(1000).optional(),
        source: z.enum(REQUEST_FILE_SOURCES).optional(),
      }),
    )
    .min(1, { error: 'files must list at least one file' })
    .max(MAX_FILES_PER_DELETE, { error: `at most ${MAX_FILES_PER_DELETE} files at a time` }),
  assistant_id: z.string().max(200).optional(),
});
export type DeleteFilesPayload = z.infer<typeof deleteFilesPayloadSchema>;

/** `DELETE /api/files` answer (docs/reference/files.md (Deleting files)): what was deleted. */
export const deleteFilesResponseSchema = z.object({
  message: z.string(),
  deleted: z.array(z.string()),
});
export type DeleteFilesResponse = z.infer<typeof deleteFilesResponseSchema>;

/**
 * `GET /api/files/usage` (docs/reference/files.md (Storage)): what the signed-in user's files take, in bytes, and the
 * most they may take (`fileConfig.userStorageLimit`), null when there is no limit. Files still being stored
 * count, files being deleted and the profile picture do not.
 */
export const fileUsageSchema = z.object({
  used: z.number().int().nonnegative(),
  limit: z.number().int().positive().nullable(),
});
export type FileUsage = z.infer<typeof fileUsageSchema>;

/** Path of a file's bytes, readable by its owner's bearer token (answers give it signed: file-url.ts). */
export function fileDownloadPath(fileId: string): string {
  return `/api/files/download/${encodeURIComponent(fileId)}`;
}

/** The file rules of one endpoint, sizes in bytes. */
export const endpointFileLimitsSchema = z.object({
  fileLimit: z.number(),
  fileSizeLimit: z.number(),
  totalSizeLimit: z.number(),
  supportedMimeTypes: z.array(z.string()),
  disabled: z.boolean(),
});
export type EndpointFileLimits = z.infer<typeof endpointFileLimitsSchema>;

/**
 * The merged file configuration: per-endpoint rules (always with `default` and `assistants`), the server's cap
 * on any one upload and the avatar cap, in bytes. The server enforces these; `GET /api/files/config` answers them
 * in megabytes (`fileConfigAnswerSchema`).
 */
export const fileConfigSchema = z.object({
  endpoints: z.record(z.string(), endpointFileLimitsSchema),
  serverFileSizeLimit: z.number(),
  avatarSizeLimit: z.number(),
  /** The most one user's files may take together (My Files' list, avatar aside); null: no limit. */
  userStorageLimit: z.number().nullable(),
});
export type FileConfig = z.infer<typeof fileConfigSchema>;

/**
 * `GET /api/files/config` (docs/reference/files.md (File limits)): the merged file configuration with
 * `fileSizeLimit`, `totalSizeLimit`, `serverFileSizeLimit` and `avatarSizeLimit` in megabytes (1 MB = 1,048,576
 * bytes; may be fractional), as LibreChat clients read them. `userStorageLimit` stays in bytes, as
 * `GET /api/files/usage` answers `used` and `limit`.
 */
export const fileConfigAnswerSchema = fileConfigSchema.extend({
  endpoints: z.record(
    z.string(),
    endpointFileLimitsSchema.extend({
      fileSizeLimit: z.number().describe('Megabytes'),
      totalSizeLimit: z.number().describe('Megabytes'),
    }),
  ),
  serverFileSizeLimit: z.number().describe('Megabytes'),
  avatarSizeLimit: z.number().describe('Megabytes'),
  userStorageLimit: z.number().nullable().describe('Bytes; null: no limit'),
});
export type FileConfigAnswer = z.infer<typeof fileConfigAnswerSchema>;
