import type { Selectable } from 'kysely';

/** Where a task is: waiting (for its time, or a retry), claimed by a runner, or given up on. Done tasks are deleted. */
export type TaskStatus = 'queued' | 'running' | 'failed';

/** A piece of durable background work (migration 0024). Timestamps are ISO strings, compared as text. */
export interface TasksTable {
  id: string;
  /** Which handler runs it (`knowledge.index`). */
  kind: string;
  /** The handler's input, JSON. */
  payload: string;
  /** Unique among queued and running tasks: the same work is not queued twice. */
  dedupe_key: string | null;
  status: TaskStatus;
  /** Runs started so far, counted when a runner claims the task. */
  attempts: number;
  max_attempts: number;
  /** Not claimed before this time (a delayed task, or the backoff after a failed run). */
  run_after: string;
  /** The runner holding the task, and until when: past it the task is claimable again. */
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
export type TaskRow = Selectable<TasksTable>;
