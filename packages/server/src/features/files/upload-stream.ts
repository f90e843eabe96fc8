import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { UPLOAD_MESSAGES } from './files.messages';
import { PRIVATE_FILE_MODE } from './storage/file-modes';
import { newTempPath, removeTemp } from './temp-files';

/** A file part received into a temporary file. */
export interface ReceivedFile {
  path: string;
  bytes: number;
  /** The name as sent (still URL-encoded). */
  filename: string;
  /** The browser's MIME claim. */
  mimetype: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

/** The most bytes accepted, and the refusal for one more. */
export interface ByteLimit {
  bytes: number;
  refuse(): AppError;
}

export interface ReceiveOptions {
  dataDir: string;
  /** The form field that carries the file (`file`, or `input` for avatars). */
  fileField: string;
  /** busboy stops reading a file past this many bytes. */
  partLimit: number;
  /** The limit for the file given the fields before it (a form that names its endpoint first is cut earlier). */
  limitFor(fields: Record<string, string>): ByteLimit;
  /** Aborts the receipt (the upload deadline). */
  signal: AbortSignal;
}

/**
 * Streams a multipart form's one file into a temporary file, counting bytes and stopping past the limit, and
 * collects its text fields in any order. Nothing is held whole in memory. On any failure the temporary file is
 * removed and the error is an AppError (a client's broken or oversized form is a 4xx) unless the disk failed.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: ReceiveOptions,
): Promise<ReceivedUpload> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let file: ReceivedFile | null = null;
  // A client that stalls between parts is cut off at the deadline too.
  const cutOff = () => request.raw.destroy();
  options.signal.addEventListener('abort', cutOff, { once: true });
  try {
    for await (const part of request.parts({ limits: { fileSize: options.partLimit } })) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated) {
          throw new AppError('VALIDATION', UPLOAD_MESSAGES.fieldTooLong(part.fieldname), {
            field: part.fieldname,
          });
        }
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== options.fileField || file) {
        part.file.resume();
        throw new AppError('VALIDATION', UPLOAD_MESSAGES.oneFile, { field: part.fieldname });
      }
      file = {
        path: await newTempPath(options.dataDir),
        bytes: 0,
        filename: part.filename,
        mimetype: part.mimetype,
      };
      file.bytes = await writeLimited(part.file, file.path, options.limitFor(fields), options.signal);
    }
  } catch (error) {
    discardRest(request);
    await removeTemp(file?.path);
    throw asUploadError(error, options.signal);
  } finally {
    options.signal.removeEventListener('abort', cutOff);
  }
  return { fields, file };
}

// Enough to take in the rest of a refused upload on a fair connection; a slower one is cut.
const DISCARD_MS = 30_000;

/**
 * A refusal mid-file leaves the body half read, and Node does not drain a request that was being read: the client
 * would wait to send the rest forever and its connection would hold a shutdown open. So the rest is read and
 * dropped, for a bounded time, and the client gets to read the answer.
 */
function discardRest(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  const timer = setTimeout(() => raw.destroy(), DISCARD_MS);
  timer.unref();
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}

async function writeLimited(
  source: Readable,
  path: string,
  limit: ByteLimit,
  signal: AbortSignal,
): Promise<number> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > limit.bytes ? limit.refuse() : null, chunk);
    },
  });
  const sink = createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  try {
    await pipeline(source, counter, sink, { signal });
  } catch (error) {
    // A refusal can come before the file is even open, and the pipeline gives up without waiting for it: the
    // caller's removal could then run before the open and leave the file behind (seen once in CI, under load).
    // Once the sink has closed, the file is either there to remove or was never made.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    throw error;
  }
  return bytes;
}

const PLUGIN_LIMITS: Record<string, string> = {
  FST_FILES_LIMIT: UPLOAD_MESSAGES.oneFile,
  FST_FIELDS_LIMIT: UPLOAD_MESSAGES.tooManyFields,
  FST_PARTS_LIMIT: UPLOAD_MESSAGES.tooManyFields,
};

function asUploadError(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof AppError) return error;
  if (signal.aborted) return new AppError('VALIDATION', UPLOAD_MESSAGES.timedOut);
  const { code, syscall } = (error ?? {}) as { code?: string; syscall?: string };
  // The disk failing (ENOSPC, EACCES) is the server's fault: left for the 500 handler.
  if (syscall) return error;
  if (code && PLUGIN_LIMITS[code]) return new AppError('VALIDATION', PLUGIN_LIMITS[code]);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('VALIDATION', UPLOAD_MESSAGES.notMultipart);
  return new AppError('VALIDATION', UPLOAD_MESSAGES.interrupted);
}
