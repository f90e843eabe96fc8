import { FINAL_RUN_STATUSES, RUN_STATUSES, type RunStatus } from '@parley/shared';
import type { Db } from '../../db/database';
import type { AssistantRunRow, AssistantRunsTable } from './assistants.table';

export async function insertRun(db: Db, row: AssistantRunsTable): Promise<void> {
  await db.insertInto('assistant_runs').values(row).execute();
}

/** Statuses a run is still going in. */
const open = RUN_STATUSES.filter((status) => !FINAL_RUN_STATUSES.includes(status));

/**
 * Moves a run on, unless it has ended already: a run that ended is never changed again (a late abort after
 * `completed`, say). Answers the row as it is afterwards.
 */
export async function moveRun(
  db: Db,
  id: string,
  status: RunStatus,
  at: Partial<Pick<AssistantRunsTable, 'started_at' | 'ended_at' | 'last_error'>> = {},
): Promise<AssistantRunRow | undefined> {
  await db
    .updateTable('assistant_runs')
    .set({ status, ...at })
    .where('id', '=', id)
    .where('status', 'in', open)
    .execute();
  return db.selectFrom('assistant_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Moves a run from `from` to `to` only while it is in `from`: a run waiting on the user goes back to `in_progress`
 * only if nothing else (a Stop's `cancelling`, an end) moved it meanwhile. Answers whether it moved.
 */
export async function switchRun(db: Db, id: string, from: RunStatus, to: RunStatus): Promise<boolean> {
  const result = await db
    .updateTable('assistant_runs')
    .set({ status: to })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The user's run that is still going in a conversation (at most one: a conversation has one reply at a time). */
export function openRunOf(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<AssistantRunRow | undefined> {
  return db
    .selectFrom('assistant_runs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('conversation_id', '=', conversationId)
    .where('status', 'in', open)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/**
 * Runs past their expiry that never ended (their process died) become `expired`, so no run stays `in_progress`
 * for ever. Cheap: the status index finds them.
 */
export async function expireStaleRuns(db: Db, now: string): Promise<number> {
  const result = await db
    .updateTable('assistant_runs')
    .set({
      status: 'expired',
      ended_at: now,
      last_error: JSON.stringify({ code: 'expired', message: 'The run did not end in time' }),
    })
    .where('status', 'in', open)
    .where('expires_at', '<', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const isFinalStatus = (status: string): boolean =>
  (FINAL_RUN_STATUSES as readonly string[]).includes(status);
