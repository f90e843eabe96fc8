import { afterEach, describe, expect, it } from 'vitest';
import type { RunStatus } from '@parley/shared';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { newUserRow } from '../../../test/factories.test-helpers';
import { expireStaleRuns, insertRun, moveRun, switchRun } from './runs.repository';

// docs/reference/assistants.md (Runs): a run waiting on the user is `requires_action`, and expires only at its own
// expiry, like any run still going.

const NOW = '2025-01-01T12:00:00.000Z';
const LATER = '2025-01-01T12:10:00.000Z';

describe.each(testDialects())('assistant runs on %s', (dialect) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  async function withRun(id: string, status: RunStatus, expiresAt: string) {
    t ??= await freshDatabase(dialect);
    const user = await newUserRow(t.db);
    await insertRun(t.db, {
      id,
      user_id: user.id,
      assistant_id: 'asst_1',
      conversation_id: `conv-${id}`,
      thread_id: 'thread_1',
      request_message_id: `q-${id}`,
      response_message_id: `r-${id}`,
      status,
      model: 'gpt-4o',
      instructions: null,
      last_error: null,
      created_at: NOW,
      started_at: NOW,
      expires_at: expiresAt,
      ended_at: null,
    });
    return t.db;
  }
  const statusOf = async (id: string) =>
    (await t!.db.selectFrom('assistant_runs').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('switches a run only from the status it is in', async () => {
    const db = await withRun('run_a', 'in_progress', LATER);
    expect(await switchRun(db, 'run_a', 'in_progress', 'requires_action')).toBe(true);
    expect(await statusOf('run_a')).toBe('requires_action');
    // A Stop moved it on meanwhile: going back to in_progress does not undo that.
    await moveRun(db, 'run_a', 'cancelling');
    expect(await switchRun(db, 'run_a', 'requires_action', 'in_progress')).toBe(false);
    expect(await statusOf('run_a')).toBe('cancelling');
  });

  it('leaves a run in requires_action until its expiry, then expires it', async () => {
    const db = await withRun('run_wait', 'requires_action', LATER);
    expect(await expireStaleRuns(db, '2025-01-01T12:09:59.999Z')).toBe(0);
    expect(await statusOf('run_wait')).toBe('requires_action');
    expect(await expireStaleRuns(db, '2025-01-01T12:10:00.001Z')).toBe(1);
    expect(await statusOf('run_wait')).toBe('expired');
  });
});
