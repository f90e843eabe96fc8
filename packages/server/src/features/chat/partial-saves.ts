import type { Db } from '../../db/database';
import { nowIso } from '../../lib/clock';
import { updateMessageTexts } from '../messages/messages.repository';

/**
 * Partial text is written at least this often while streaming: a killed process loses at most 500 ms of a reply
 * (docs/decisions.md, "Batched partial saves").
 */
export const PARTIAL_SAVE_MS = 400;

export interface PartialSaves {
  /** The reply's text changed: it is written with the next batch, within PARTIAL_SAVE_MS. */
  touch(userId: string, messageId: string, text: () => string): void;
  /** Stops writing the reply and waits for a batch in flight (the final save comes after it, never before). */
  settle(messageId: string): Promise<void>;
  /** Writes what is left to write now and waits for it (the app is closing). */
  close(): Promise<void>;
}

type LogError = (error: unknown, what: string) => void;

/**
 * One batch writer per app (app-services.ts): every PARTIAL_SAVE_MS it writes the text of every reply that changed,
 * in one statement, instead of one timer and one UPDATE per reply. Batches run one after another.
 */
export function createPartialSaves(db: Db, logError: LogError): PartialSaves {
  const dirty = new Map<string, { userId: string; text: () => string }>();
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> = Promise.resolve();

  const flush = () => {
    timer = null;
    const updatedAt = nowIso();
    const rows = [...dirty].map(([messageId, { userId, text }]) => ({
      userId,
      messageId,
      text: text(),
      updatedAt,
    }));
    dirty.clear();
    inFlight = inFlight
      .then(() => updateMessageTexts(db, rows))
      .catch((error: unknown) => logError(error, `partial reply write (${rows.length} replies)`));
  };

  return {
    touch(userId, messageId, text) {
      if (!dirty.has(messageId)) dirty.set(messageId, { userId, text });
      if (!timer) {
        timer = setTimeout(flush, PARTIAL_SAVE_MS);
        timer.unref();
      }
    },
    async settle(messageId) {
      dirty.delete(messageId);
      await inFlight;
    },
    async close() {
      if (timer) {
        clearTimeout(timer);
        flush();
      }
      await inFlight;
    },
  };
}
