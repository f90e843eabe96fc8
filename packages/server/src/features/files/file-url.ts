import { createHmac, timingSafeEqual } from 'node:crypto';
import { fileDownloadPath, type Message } from '@parley/shared';
import type { AppConfig } from '../../config/config.types';

// Signed file URLs (docs/reference/files.md (Reading a file)): a file's `filepath` in an answer carries an expiry and
// an HMAC of the owner, the file and that expiry, so an `<img src>` (which cannot send the bearer token) loads it.
// The expiry is rounded to a 10-minute bucket, so the same file gets the same URL for a while and the browser can
// cache it; a URL stays valid for 10 to 20 minutes. Signed when an answer is made, never stored.

/** The signer's part of the config: the key is derived from JWT_SECRET (never used as is). */
export type FileUrlConfig = { secrets: Pick<AppConfig['secrets'], 'jwtSecret'> };

/** Expiries are multiples of this; a URL is valid for one to two of these. */
export const FILE_URL_BUCKET_SECONDS = 600;

const keyOf = (config: FileUrlConfig) =>
  createHmac('sha256', config.secrets.jwtSecret).update('parley:file-url:v1').digest();

const signatureOf = (config: FileUrlConfig, ownerId: string, fileId: string, exp: number) =>
  createHmac('sha256', keyOf(config)).update(`${ownerId}\n${fileId}\n${exp}`).digest('base64url');

/** The expiry (Unix seconds) of a URL signed at `nowMs`: the next bucket boundary plus one bucket. */
export function fileUrlExpiry(nowMs: number): number {
  return (Math.floor(nowMs / 1000 / FILE_URL_BUCKET_SECONDS) + 2) * FILE_URL_BUCKET_SECONDS;
}

/** `/api/files/download/{file_id}?exp=…&sig=…`: readable without a bearer token until `exp`. */
export function signedFilePath(
  config: FileUrlConfig,
  ownerId: string,
  fileId: string,
  nowMs = Date.now(),
): string {
  const exp = fileUrlExpiry(nowMs);
  return `${fileDownloadPath(fileId)}?exp=${exp}&sig=${signatureOf(config, ownerId, fileId, exp)}`;
}

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

/** Whether `exp` and `sig` were made by `signedFilePath` for this owner and file, and are still valid. */
export function checkFileSignature(
  config: FileUrlConfig,
  ownerId: string,
  fileId: string,
  given: { exp?: string | undefined; sig?: string | undefined },
  nowMs = Date.now(),
): SignatureCheck {
  if (!given.exp || !given.sig || !/^\d{1,12}$/.test(given.exp)) return 'invalid';
  const exp = Number(given.exp);
  const expected = Buffer.from(signatureOf(config, ownerId, fileId, exp));
  const presented = Buffer.from(given.sig);
  if (expected.length !== presented.length || !timingSafeEqual(expected, presented)) return 'invalid';
  return exp * 1000 > nowMs ? 'valid' : 'expired';
}

/** The query of a request that tries a signature (it has `exp` or `sig`). */
export function triesSignature(query: unknown): boolean {
  const q = (query ?? {}) as Record<string, unknown>;
  return q['exp'] !== undefined || q['sig'] !== undefined;
}

const DOWNLOAD_PATH = /^\/api\/files\/download\/([^/?#]+)(?:\?.*)?$/;

/**
 * A stored path of one of the owner's files (`/api/files/download/{id}`, as messages and the user's avatar keep it)
 * as a signed URL; anything else (an outside URL, a local preview) as it is.
 */
export function signStoredPath(
  config: FileUrlConfig,
  ownerId: string,
  path: string,
  nowMs = Date.now(),
): string {
  const match = DOWNLOAD_PATH.exec(path);
  if (!match) return path;
  let fileId: string;
  try {
    fileId = decodeURIComponent(match[1]!);
  } catch {
    return path;
  }
  return signedFilePath(config, ownerId, fileId, nowMs);
}

/** A message as the API answers it: its files' and image parts' paths signed for the message's owner. */
export function signMessageFiles<M extends Message>(
  config: FileUrlConfig,
  ownerId: string,
  message: M,
  nowMs = Date.now(),
): M {
  const sign = (fileId: string, path: string | undefined) =>
    path === undefined || DOWNLOAD_PATH.test(path) ? signedFilePath(config, ownerId, fileId, nowMs) : path;
  const files = message.files?.map((f) => ({ ...f, filepath: sign(f.file_id, f.filepath) }));
  const content = message.content?.map((part) =>
    part.type === 'image_file'
      ? {
          ...part,
          image_file: {
            ...part.image_file,
            filepath: sign(part.image_file.file_id, part.image_file.filepath),
          },
        }
      : part,
  );
  return {
    ...message,
    ...(files ? { files } : {}),
    ...(content ? { content } : {}),
  };
}
