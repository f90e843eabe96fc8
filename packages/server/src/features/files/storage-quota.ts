import { formatStorageSize } from '@parley/shared';
import { AppError } from '../../lib/app-error';

/** The web shows a refusal with this key in the user's language, with `limit` and `used` from the details. */
export const QUOTA_MESSAGE_KEY = 'com_error_files_quota';

/** The English text of a quota refusal: the limit and the usage it was checked against. */
export function quotaMessage(limit: number, used: number): string {
  return (
    `Your files cannot take more than ${formatStorageSize(limit)} in total ` +
    `(${formatStorageSize(used)} used). Delete files in My Files to make room.`
  );
}

/** An upload that would take the user's files past their storage quota (400, like the other limits). */
export function quotaExceeded(limit: number, used: number): AppError {
  return new AppError('VALIDATION', quotaMessage(limit, used), {
    field: 'file',
    key: QUOTA_MESSAGE_KEY,
    limit: formatStorageSize(limit),
    used: formatStorageSize(used),
  });
}
