import { cleanFileName } from '../files/file-name';
import { isTextualType, typeOfExtension } from '../files/mime-by-extension';
import type { SandboxLimits } from './sandbox-limits';
import type { SandboxFile } from './sandbox-process';

/** A file the code wrote in `/mnt/data`, typed by its content (docs/reference/code-interpreter.md (Files)). */
export interface SandboxOutputFile {
  /** Its path under `/mnt/data` (`chart.png`, `out/table.csv`). */
  name: string;
  bytes: Buffer;
  /** Its MIME type: from its magic bytes, else text by its extension, else `application/octet-stream`. */
  type: string;
}

/** Most files one run accepts. */
export const MAX_INPUT_FILES = 100;

/**
 * The attached files as the sandbox gets them: each under its own clean name (no folders, no control characters),
 * within the count and the total size. Throws with a message for the user when they do not fit.
 */
export function prepareInputFiles(files: readonly SandboxFile[], limits: SandboxLimits): SandboxFile[] {
  if (files.length > MAX_INPUT_FILES)
    throw new Error(`A run accepts at most ${MAX_INPUT_FILES} files; ${files.length} were attached.`);
  const total = files.reduce((sum, f) => sum + f.bytes.byteLength, 0);
  if (total > limits.inputBytes)
    throw new Error(
      `The attached files are ${sizeText(total)} together; the sandbox accepts ${sizeText(limits.inputBytes)}.`,
    );
  return files.map((f) => ({ name: cleanFileName(f.name), bytes: f.bytes }));
}

// file-type comes in with the first file a run writes, not at start (as for uploads: features/files/sniff-type.ts).
const fileTypeFromBuffer = async (bytes: Uint8Array) =>
  (await import('file-type')).fileTypeFromBuffer(bytes).catch(() => undefined);

// An animated PNG is still a PNG to every reader.
const SAME_AS: Record<string, string> = { 'image/apng': 'image/png' };

/** Types a file the code wrote: by content first, as uploads are (docs/reference/files.md (Checks before an upload)). */
export async function typeOfOutput(name: string, bytes: Uint8Array): Promise<string> {
  const magic = await fileTypeFromBuffer(bytes);
  if (magic) return SAME_AS[magic.mime] ?? magic.mime;
  if (!isText(bytes)) return 'application/octet-stream';
  const fromName = typeOfExtension(name);
  return fromName && isTextualType(fromName) ? fromName : 'text/plain';
}

export async function typeOutputFiles(files: readonly SandboxFile[]): Promise<SandboxOutputFile[]> {
  return Promise.all(
    files.map(async (f) => {
      const bytes = Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength);
      return { name: f.name, bytes, type: await typeOfOutput(f.name, bytes) };
    }),
  );
}

/** True when the first 4 KB are UTF-8 without NUL bytes (a character cut at the end is fine). */
function isText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
}
