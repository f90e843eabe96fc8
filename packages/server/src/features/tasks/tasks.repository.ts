import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect-helpers';
import type { TaskRow } from './tasks.table';

const iso = (ms: number): string => new Date(ms).toISOString();

export interface NewTask {
  kind: string;
  /** The handler's input; stored as JSON. */
  payload: unknown;
  /** Work with the same key is queued once while one of it is queued or running. */
  dedupeKey?: string;
  /** Not run before this time (epoch ms); now by default. */
  runAfter?: number;
  /** Runs before it is given up on (first run included). */
  maxAttempts: number;
}

/**
 * Queues a task, in the caller's transaction when `db` is one (so the work is queued with the change that needs it).
 * Answers its id, or undefined when the same work (its dedupe key) is already queued or running.
 */
export async function insertTask(db: Db, task: NewTask, now: number): Promise<string | undefined> {
  const id = randomUUID();
  const at = iso(now);
  const { rows } = await sql<{ id: string }>`INSERT INTO tasks
    (id, kind, payload, dedupe_key, status, attempts, max_attempts, run_after, created_at, updated_at)
    VALUES (${id}, ${task.kind}, ${JSON.stringify(task.payload ?? null)}, ${task.dedupeKey ?? null}, 'queued', 0,
      ${task.maxAttempts}, ${iso(task.runAfter ?? now)}, ${at}, ${at})
    ON CONFLICT DO NOTHING RETURNING id`.execute(db);
  return rows[0]?.id;
}

/** What a runner may pick up now: queued and due, or running under a lease that ran out. */
const due = (kinds: readonly string[], now: string) => sql`kind IN (${sql.join(kinds)})
  AND ((status = 'queued' AND run_after <= ${now}) OR (status = 'running' AND claimed_until <= ${now}))`;

/** True when some task of these kinds could be claimed or swept now: the cheap read before any write. */
export async function anyTaskDue(db: Db, kinds: readonly string[], now: number): Promise<boolean> {
  if (kinds.length === 0) return false;
  const { rows } = await sql`SELECT 1 AS one FROM tasks WHERE ${due(kinds, iso(now))} LIMIT 1`.execute(db);
  return rows.length > 0;
}

/**
 * Claims up to `limit` due tasks for `runner` until `leaseUntil`, counting an attempt on each. One statement: on
 * PostgreSQL the rows are picked with FOR UPDATE SKIP LOCKED (concurrent runners take different rows); on SQLite the
 * statement is one write transaction, which runs alone.
 */
export async function claimTasks(
  db: Db,
  claim: { kinds: readonly string[]; runner: string; limit: number; now: number; leaseUntil: number },
): Promise<TaskRow[]> {
  if (claim.kinds.length === 0 || claim.limit <= 0) return [];
  const now = iso(claim.now);
  const set = sql`status = 'running', claimed_by = ${claim.runner}, claimed_until = ${iso(claim.leaseUntil)},
    attempts = attempts + 1, updated_at = ${now}`;
  const pick = sql`SELECT id FROM tasks WHERE ${due(claim.kinds, now)} AND attempts < max_attempts
    ORDER BY run_after LIMIT ${claim.limit}`;
  if (isPostgres(db)) {
    const { rows } = await sql<TaskRow>`WITH picked AS MATERIALIZED (${pick} FOR UPDATE SKIP LOCKED)
      UPDATE tasks SET ${set} FROM picked WHERE tasks.id = picked.id RETURNING tasks.*`.execute(db);
    return rows;
  }
  const { rows } = await sql<TaskRow>`UPDATE tasks SET ${set} WHERE id IN (${pick}) RETURNING *`.execute(db);
  return rows;
}

/**
 * Marks failed the tasks whose lease ran out on their last attempt (the runner died each time: a task that kills its
 * process is not run forever) and answers them, once: the runner that swept them reports them to their handler.
 */
export async function failExhaustedTasks(db: Db, kinds: readonly string[], now: number): Promise<TaskRow[]> {
  if (kinds.length === 0) return [];
  const at = iso(now);
  const { rows } =
    await sql<TaskRow>`UPDATE tasks SET status = 'failed', claimed_by = NULL, claimed_until = NULL,
      last_error = ${'its runner stopped while running it, on every attempt'}, updated_at = ${at}
    WHERE kind IN (${sql.join(kinds)}) AND status = 'running' AND claimed_until <= ${at}
      AND attempts >= max_attempts
    RETURNING *`.execute(db);
  return rows;
}

/** Extends the leases `runner` still holds among `ids`; answers the ids it still holds. */
export async function renewLeases(
  db: Db,
  runner: string,
  ids: readonly string[],
  leaseUntil: number,
  now: number,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`UPDATE tasks
    SET claimed_until = ${iso(leaseUntil)}, updated_at = ${iso(now)}
    WHERE id IN (${sql.join([...ids])}) AND claimed_by = ${runner} AND status = 'running'
    RETURNING id`.execute(db);
  return new Set(rows.map((r) => r.id));
}

/** Removes a finished task, if `runner` still holds it. */
export async function deleteClaimedTask(db: Db, id: string, runner: string): Promise<boolean> {
  const result = await db
    .deleteFrom('tasks')
    .where('id', '=', id)
    .where('claimed_by', '=', runner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Puts a task `runner` holds back in the queue until `runAfter`, or marks it failed (`runAfter` undefined). */
export async function releaseTask(
  db: Db,
  release: { id: string; runner: string; error: string; runAfter?: number; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .set({
      status: release.runAfter === undefined ? 'failed' : 'queued',
      ...(release.runAfter === undefined ? {} : { run_after: iso(release.runAfter) }),
      claimed_by: null,
      claimed_until: null,
      last_error: release.error,
      updated_at: iso(release.now),
    })
    .where('id', '=', release.id)
    .where('claimed_by', '=', release.runner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findTask(db: Db, id: string): Promise<TaskRow | undefined> {
  return db.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Removes tasks that failed before `before` (epoch ms): kept a while for an operator to read, then cleaned. */
export async function deleteFailedTasks(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('tasks')
    .where('status', '=', 'failed')
    .where('updated_at', '<', iso(before))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
