import type { TFunction } from 'i18next';
import type { FileValidationError } from '@parley/shared';
import { isApiError } from '../../lib/api-error';

/** A pre-upload refusal in the user's language: `com_error_files_{code}`, English as the shared FILE_MESSAGES. */
export function validationErrorText(error: FileValidationError, t: TFunction): string {
  switch (error.code) {
    case 'count':
      return t('com_error_files_count', { limit: error.limit });
    case 'type':
      return t('com_error_files_type', { type: error.type });
    case 'size':
      return t('com_error_files_size', { limitMb: error.limitMb });
    case 'total':
      return t('com_error_files_total', { limitMb: error.limitMb });
    case 'endpoint':
      return t('com_error_files_endpoint');
    case 'disabled':
      return t('com_error_files_disabled');
    case 'duplicate':
      return t('com_error_files_duplicate');
    case 'empty':
      return t('com_error_files_empty');
  }
}

function rateLimit(message: string): { max: number; minutes: number } | null {
  try {
    const json = JSON.parse(message) as { type?: unknown; max?: unknown; windowInMinutes?: unknown };
    if (json?.type !== 'file_upload_limit') return null;
    return { max: Number(json.max) || 0, minutes: Number(json.windowInMinutes) || 0 };
  } catch {
    return null;
  }
}

/** Upload refusals the server names by key, with their values in `details`. */
const SERVER_KEYS = new Set(['com_error_files_quota']);

/**
 * A failed upload (docs/reference/files.md (Checks before an upload)): the server's message, else 'An error occurred
 * while uploading the file.'. The upload limit arrives as JSON text and reads as a sentence.
 */
export function uploadErrorText(error: unknown, t: TFunction): string {
  const message =
    isApiError(error) && typeof error.body?.message === 'string' ? error.body.message.trim() : '';
  const limit = message ? rateLimit(message) : null;
  if (limit) return t('com_error_files_rate_limit', limit);
  // A refusal the server gives an i18n key (the storage quota) reads in the user's language, else as sent.
  const body = isApiError(error) ? error.body : null;
  if (message && body?.key && SERVER_KEYS.has(body.key))
    return String(t(body.key, { ...body.details, defaultValue: message }));
  return message || t('com_error_files_upload');
}
