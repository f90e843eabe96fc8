import { randomUUID } from 'node:crypto';
import { NIL_UUID } from '@parley/shared';

/** One message of an export, in Parley's terms, with fresh ids (an import never reuses a file's ids). */
export interface ImportedMessage {
  messageId: string;
  parentMessageId: string;
  sender: string;
  text: string;
  isCreatedByUser: boolean;
  model: string | null;
  endpoint: string | null;
  error: boolean;
  createdAt: string;
}

/** One conversation of an export, ready to be written. */
export interface ImportedConversation {
  title: string;
  endpoint: string;
  endpointType: string | null;
  model: string | null;
  /** The per-endpoint options (JSON object, already checked). */
  options: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  messages: ImportedMessage[];
}

/** A file whose content is not an export Parley reads; the message says what is wrong, for the user. */
export class ImportFormatError extends Error {
  override name = 'ImportFormatError';
}

/** The title of a conversation the file gives none. */
export const UNTITLED = 'Imported conversation';

/** The file's ids to fresh ones: a parent named before or after its child maps to the same new id. */
export class IdMap {
  private readonly ids = new Map<string, string>();
  get(old: unknown): string {
    if (typeof old !== 'string' || old === '' || old === NIL_UUID) return NIL_UUID;
    let id = this.ids.get(old);
    if (!id) {
      id = randomUUID();
      this.ids.set(old, id);
    }
    return id;
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** A date from ISO text or epoch seconds (ChatGPT), as ISO; null when there is none. */
export function isoDate(value: unknown): string | null {
  const ms =
    typeof value === 'number' ? value * 1000 : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  return new Date(ms).toISOString();
}

/** What stands in the text for an image or a file the import could not bring along. */
export function notImportedNote(kind: 'image' | 'file', name?: string | null): string {
  const what = kind === 'image' ? 'Image' : 'File';
  return name ? `[${what} not imported: ${name}]` : `[${what} not imported]`;
}

/** Joins a message's pieces of text, one paragraph each. */
export const joinText = (pieces: readonly string[]): string =>
  pieces.filter((p) => p.trim() !== '').join('\n\n');
