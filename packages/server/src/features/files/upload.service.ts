import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import {
  FILE_MESSAGES,
  fileErrors,
  fileLimitsFor,
  IMAGE_MIME_TYPES,
  type FileConfig,
  type UploadResponse,
} from '@parley/shared';
import { AppError } from '../../lib/app-error';
import { cleanFileName } from './file-name';
import { toFileRecord } from './file-record';
import { UPLOAD_MESSAGES } from './files.messages';
import { measureImage, type MeasuredImage } from './image-process';
import { sniffType } from './sniff-type';
import { quotaExceeded } from './storage-quota';
import { storeFile, type FilesContext } from './store-file';
import { assertSupportedType } from './type-rules';
import { removeTemp } from './temp-files';
import type { ByteLimit, ReceivedUpload } from './upload-stream';

/** `images` is POST /api/files/images: it takes images only. */
export type UploadRoute = 'files' | 'images';

const invalid = (message: string, field?: string) =>
  new AppError('VALIDATION', message, field ? { field } : {});
const isImageType = (type: string) => (IMAGE_MIME_TYPES as readonly string[]).includes(type);

/**
 * What an upload is checked against, gathered by the route before the body is read: the file rules, which
 * endpoints exist (the provider registry's configured ones) and what the user's files take already.
 */
export interface UploadPolicy {
  config: FileConfig;
  isConfiguredEndpoint(endpoint: string): boolean;
  /** Bytes the user's files took when the upload began (the final check is made again as the row is written). */
  used: number;
  /** What an `assistants` upload must also pass, and what follows it (features/assistants/knowledge-uploads.ts). */
  assistants?: AssistantUploads;
}

/**
 * The assistants' part of an upload to the `assistants` endpoint: `check` refuses what the assistant cannot take
 * before the file is stored and names the assistant a knowledge file joins; `stored` adds it there afterwards.
 */
export interface AssistantUploads {
  check(userId: string, fields: Readonly<Record<string, string>>): Promise<string | null>;
  stored(userId: string, assistantId: string, fileId: string): Promise<void>;
}

/**
 * An endpoint's rules, or a refusal for one the operator did not configure: without this, `assistants` (512 MB,
 * documents) was open on every server, and a name such as `constructor` met an Object property.
 */
function rulesFor(policy: UploadPolicy, endpoint: string) {
  if (!policy.isConfiguredEndpoint(endpoint)) throw invalid(UPLOAD_MESSAGES.endpointUnknown, 'endpoint');
  return fileLimitsFor(policy.config, endpoint);
}

/**
 * The receipt's byte limit, the smallest of: the endpoint's size limit when the form named it before the file
 * (400), what is left of the user's quota (400), the server's cap (413). An upload past the endpoint's limit that
 * named it later is refused after the receipt; an unknown or disabled endpoint named first takes no byte.
 */
export function uploadByteLimit(policy: UploadPolicy, fields: Record<string, string>): ByteLimit {
  const { config } = policy;
  const cap = config.serverFileSizeLimit;
  let limit: ByteLimit = {
    bytes: cap,
    refuse: () => new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.overServerCap(cap)),
  };
  const endpoint = fields.endpoint?.trim();
  if (endpoint) {
    if (!policy.isConfiguredEndpoint(endpoint))
      return { bytes: 0, refuse: () => invalid(UPLOAD_MESSAGES.endpointUnknown, 'endpoint') };
    const limits = fileLimitsFor(config, endpoint);
    if (limits.disabled) return { bytes: 0, refuse: () => invalid(FILE_MESSAGES.disabled) };
    if (limits.fileSizeLimit < limit.bytes) {
      limit = {
        bytes: limits.fileSizeLimit,
        refuse: () => invalid(fileErrors.size(limits.fileSizeLimit).message),
      };
    }
  }
  const quota = config.userStorageLimit;
  if (quota !== null && quota - policy.used < limit.bytes) {
    const left = Math.max(0, quota - policy.used);
    limit = { bytes: left, refuse: () => quotaExceeded(quota, policy.used) };
  }
  return limit;
}

/**
 * Checks a received upload against its endpoint's rules (docs/reference/files.md (File limits; Uploading)) and stores
 * it: the type from the content, images measured and scaled. The client's width and height are not used. Removes the
 * temporary files whatever happens.
 */
export async function saveUpload(
  ctx: FilesContext,
  userId: string,
  { fields, file }: ReceivedUpload,
  route: UploadRoute,
  policy: UploadPolicy,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  let image: MeasuredImage | null = null;
  try {
    if (!file) throw invalid(UPLOAD_MESSAGES.fileMissing, 'file');
    const tempFileId = fields.file_id?.trim();
    if (!tempFileId) throw invalid(UPLOAD_MESSAGES.fileIdMissing, 'file_id');
    const endpoint = fields.endpoint?.trim();
    if (!endpoint) throw invalid(UPLOAD_MESSAGES.endpointMissing, 'endpoint');
    const limits = rulesFor(policy, endpoint);
    if (limits.disabled) throw invalid(FILE_MESSAGES.disabled);
    if (file.bytes > limits.fileSizeLimit) throw invalid(fileErrors.size(limits.fileSizeLimit).message);
    if (file.bytes === 0) throw invalid(FILE_MESSAGES.empty, 'file');
    const filename = cleanFileName(file.filename);
    const sniffed = await sniffType(file.path, filename, file.mimetype);
    assertSupportedType(sniffed, limits.supportedMimeTypes);
    if (route === 'images' && !isImageType(sniffed.type))
      throw invalid(fileErrors.type(sniffed.type).message);
    if (isImageType(sniffed.type)) image = await measureImage(file.path, ctx.deps.config.dataDir);
    const messageFile = fields.message_file === 'true';
    const knowledgeOf =
      endpoint === 'assistants' ? ((await policy.assistants?.check(userId, fields)) ?? null) : null;
    const row = await storeFile(
      ctx,
      {
        fileId: randomUUID(),
        userId,
        filename,
        type: sniffed.type,
        width: image?.width ?? null,
        height: image?.height ?? null,
        context: endpoint === 'assistants' && !messageFile ? 'assistants' : 'message_attachment',
        assistantId: fields.assistant_id?.trim() || null,
        messageFile,
        path: image?.path ?? file.path,
        bytes: image?.scaled ? (await stat(image.path)).size : file.bytes,
        quota: policy.config.userStorageLimit,
      },
      signal,
    );
    if (knowledgeOf) await policy.assistants?.stored(userId, knowledgeOf, row.file_id);
    return {
      ...toFileRecord(ctx.deps.config, row),
      temp_file_id: tempFileId,
      message: UPLOAD_MESSAGES.uploaded,
    };
  } finally {
    await removeTemp(file?.path, image?.scaled ? image.path : null);
  }
}
