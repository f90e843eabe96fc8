import { TEMPORARY_CHAT_RETENTION } from '@parley/shared';
import type { AppConfig } from '../../config/config.types';
import type { Db } from '../../db/database';
import { enqueueTask, systemClock, type TaskClock, type TaskHandler } from '../tasks/task';
import { createTaskRunner, type TaskRunner } from '../tasks/task-runner';
import { deleteExpiredConversations } from './conversations.repository';

/**
 * Temporary chats (docs/reference/conversations.md (Temporary chats)): a send with `isTemporary` that creates a
 * conversation gives it `expired_at`, and queues a task for that time on the app's task runner; the task deletes
 * every temporary chat whose time is up (so a task lost or run late is made up by the next one).
 */
export const EXPIRE_CONVERSATIONS_TASK = 'conversations.expire';

const HOUR_MS = 3_600_000;
/** Chats deleted per statement: a sweep after a long stop deletes in slices, each a short transaction. */
const SWEEP_BATCH = 500;

/** The configured retention in hours (YAML `interface.temporaryChatRetention`; 720, 30 days, when unset). */
export function temporaryChatRetentionHours(config: Pick<AppConfig, 'yaml'>): number {
  return config.yaml?.interface?.temporaryChatRetention ?? TEMPORARY_CHAT_RETENTION.default;
}

/** When a temporary chat made now is deleted. */
export function temporaryChatExpiry(config: Pick<AppConfig, 'yaml'>, now = Date.now()): string {
  return new Date(now + temporaryChatRetentionHours(config) * HOUR_MS).toISOString();
}

/** Queues the deletion of a new temporary chat at its expiry (in the caller's transaction when `db` is one). */
export async function queueExpiry(db: Db, conversationId: string, expiredAt: string): Promise<void> {
  await enqueueTask(
    db,
    EXPIRE_CONVERSATIONS_TASK,
    { conversationId },
    {
      dedupeKey: `${EXPIRE_CONVERSATIONS_TASK}:${conversationId}`,
      delayMs: Math.max(0, Date.parse(expiredAt) - Date.now()),
    },
  );
}

/** The task's handler: deletes the temporary chats due by the clock (messages, search entries, links by cascade). */
export function createExpiryHandler(db: Db, clock: TaskClock = systemClock): TaskHandler {
  return {
    async run() {
      const now = new Date(clock.now()).toISOString();
      while ((await deleteExpiredConversations(db, now, SWEEP_BATCH)) === SWEEP_BATCH) {
        // another slice
      }
    },
  };
}

/**
 * The app's runner of expiry tasks (app-services.ts). It looks for due work once a minute: a chat is kept for hours,
 * so a minute late is nothing, and an idle server makes one small query a minute.
 */
export function startExpiryRunner(db: Db, logError: (error: unknown, what: string) => void): TaskRunner {
  const runner = createTaskRunner({
    db,
    handlers: { [EXPIRE_CONVERSATIONS_TASK]: createExpiryHandler(db) },
    pollMs: 60_000,
    concurrency: 1,
    onError: (error) => logError(error, 'deleting expired temporary chats'),
  });
  runner.start();
  return runner;
}
