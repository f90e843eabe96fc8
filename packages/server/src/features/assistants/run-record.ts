import { RUN_STATUSES, type Run, type RunStatus } from '@parley/shared';
import type { AssistantRunRow } from './assistants.table';

const seconds = (iso: string | null) => (iso === null ? null : Math.floor(Date.parse(iso) / 1000));
const endedAs = (row: AssistantRunRow, status: RunStatus) =>
  row.status === status ? seconds(row.ended_at) : null;

/** A run row as the final event shows it (OpenAI's run fields: times in seconds). */
export function toRun(row: AssistantRunRow): Run {
  const status = (RUN_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as RunStatus)
    : 'failed';
  return {
    id: row.id,
    object: 'thread.run',
    assistant_id: row.assistant_id,
    thread_id: row.thread_id,
    status,
    model: row.model,
    instructions: row.instructions,
    created_at: seconds(row.created_at)!,
    started_at: seconds(row.started_at),
    expires_at: seconds(row.expires_at),
    completed_at: endedAs(row, 'completed'),
    cancelled_at: endedAs(row, 'cancelled'),
    failed_at: endedAs(row, 'failed'),
    last_error: row.last_error ? (JSON.parse(row.last_error) as Run['last_error']) : null,
  };
}
