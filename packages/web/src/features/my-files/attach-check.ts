import { isSupportedMimeType, megabytes, type EndpointFileLimits, type FileRecord } from '@parley/shared';

/** Why a listed file cannot join the message; each maps to one `com_ui_attach_error*` text. */
export type AttachRefusal =
  | { code: 'endpoint' }
  | { code: 'disabled'; endpoint: string }
  | { code: 'count'; limit: number }
  | { code: 'size'; endpoint: string; limitMb: string }
  | { code: 'type'; endpoint: string; type: string };

export interface AttachCheckInput {
  file: Pick<FileRecord, 'bytes' | 'type'>;
  /** The current conversation's endpoint; null or empty when none is selected. */
  endpoint: string | null | undefined;
  limits: EndpointFileLimits;
  /** How many files the message already carries. */
  attachedCount: number;
}

/**
 * The rules for attaching an already uploaded file (docs/reference/files.md (My Files and the Files panel)): an
 * endpoint is needed, uploads must be enabled for it, the message must have room, the size must not exceed the
 * endpoint's limit and the type must be one it supports. Null when the file may be attached.
 */
export function checkAttach({
  file,
  endpoint,
  limits,
  attachedCount,
}: AttachCheckInput): AttachRefusal | null {
  if (!endpoint) return { code: 'endpoint' };
  if (limits.disabled) return { code: 'disabled', endpoint };
  if (attachedCount + 1 > limits.fileLimit) return { code: 'count', limit: limits.fileLimit };
  if (file.bytes > limits.fileSizeLimit)
    return { code: 'size', endpoint, limitMb: megabytes(limits.fileSizeLimit) };
  if (!isSupportedMimeType(file.type, limits.supportedMimeTypes))
    return { code: 'type', endpoint, type: file.type || 'unknown' };
  return null;
}

/** The i18n key and values of a refusal. */
export function attachRefusalText(refusal: AttachRefusal): { key: string; values: Record<string, string> } {
  switch (refusal.code) {
    case 'endpoint':
      return { key: 'com_ui_attach_error', values: {} };
    case 'disabled':
      return { key: 'com_ui_attach_error_disabled', values: { endpoint: refusal.endpoint } };
    case 'count':
      return { key: 'com_ui_attach_error_count', values: { limit: String(refusal.limit) } };
    case 'size':
      return {
        key: 'com_ui_attach_error_size',
        values: { endpoint: refusal.endpoint, limit: refusal.limitMb },
      };
    case 'type':
      return { key: 'com_ui_attach_error_type', values: { endpoint: refusal.endpoint, type: refusal.type } };
  }
}
