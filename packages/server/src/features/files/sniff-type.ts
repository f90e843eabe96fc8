import { open } from 'node:fs/promises';
import { isTextualType, typeOfExtension } from './mime-by-extension';

export interface SniffedType {
  /** The type the content shows: from its magic bytes, or for plain text from the name's extension. */
  type: string;
  /** The type the upload claims: its name's extension, else the browser's MIME type; undefined when neither says. */
  claimed: string | undefined;
}

const TEXT_PROBE_BYTES = 4096;

// file-type (about 12 MB loaded) comes in with the first upload, not at start.
const fileTypeFromFile = async (path: string) => (await import('file-type')).fileTypeFromFile(path);

// Office 97-2003 files are all one container format; the extension says which application's.
const CFB_TYPES = new Set([
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
]);
// An animated PNG is still a PNG to every reader.
const SAME_AS: Record<string, string> = { 'image/apng': 'image/png' };
const CLAIM_ALIASES: Record<string, string> = { 'image/jpg': 'image/jpeg', 'image/x-png': 'image/png' };

/**
 * Types a received file by its content (docs/architecture.md (Security baseline)), never by its name. The claim comes
 * from the extension when the name has one: browsers label some extensions wrongly (`.ts` as video/mp2t, `.csv` as
 * Excel), while the extension is what the user sees and what a downloader would open the file with.
 */
export async function sniffType(path: string, filename: string, clientType: string): Promise<SniffedType> {
  const fromName = typeOfExtension(filename);
  const claimed = fromName ?? normaliseClaim(clientType);
  // A parser tripping over a malformed file means no known format, not a server error.
  const magic = await fileTypeFromFile(path).catch(() => undefined);
  if (magic) {
    if (magic.mime === 'application/x-cfb' && fromName && CFB_TYPES.has(fromName))
      return { type: fromName, claimed };
    return { type: SAME_AS[magic.mime] ?? magic.mime, claimed };
  }
  if (!(await startsAsText(path))) return { type: 'application/octet-stream', claimed };
  return { type: fromName && isTextualType(fromName) ? fromName : 'text/plain', claimed };
}

function normaliseClaim(clientType: string): string | undefined {
  const type = clientType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === '' || type === 'application/octet-stream') return undefined;
  return CLAIM_ALIASES[type] ?? type;
}

/** True when the first 4 KB are valid UTF-8 without NUL bytes (a character cut at the end is fine). */
async function startsAsText(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(TEXT_PROBE_BYTES), 0, TEXT_PROBE_BYTES, 0);
    const head = buffer.subarray(0, bytesRead);
    if (head.includes(0)) return false;
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  } finally {
    await handle.close();
  }
}
