import { fileErrors, isSupportedMimeType } from '@parley/shared';
import { AppError } from '../../lib/app-error';
import type { SniffedType } from './sniff-type';

/**
 * Both the type the content shows and the type the upload claims must be supported: a PNG named `.exe` is refused
 * for its name, an executable named `.png` for its content. The message names the offending type
 * (docs/reference/files.md (Uploading)).
 */
export function assertSupportedType(sniffed: SniffedType, patterns: readonly string[]): void {
  for (const type of [sniffed.type, sniffed.claimed]) {
    if (type !== undefined && !isSupportedMimeType(type, patterns)) {
      throw new AppError('VALIDATION', fileErrors.type(type).message, { field: 'file' });
    }
  }
}
