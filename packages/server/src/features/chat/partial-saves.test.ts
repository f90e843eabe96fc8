import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { getMessage } from '../messages/messages.repository';
import { PARTIAL_SAVE_MS, createPartialSaves } from './partial-saves';
import { newConversation, newMessage, newUser } from '../../../test/factories.test-helpers';

describe.each(testDialects())('batched partial saves on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('writes every touched reply within one period in one batch; settle drops a reply from the batch', async () => {
    t = await buildTestApp(dialect);
    const me = await newUser(t.app);
    const db = t.database.db;
    const convo = await newConversation(db, me.user.id);
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push(await newMessage(db, me.user.id, convo, { byUser: false }));
    const errors: unknown[] = [];
    const saves = createPartialSaves(db, (error) => errors.push(error));
    const texts = ['a', 'b', 'c'];
    const statements: string[] = [];
    const executor = db.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    executor.executeQuery = (query, ...rest) => (statements.push(query.sql), execute(query, ...rest));
    const updates = () => statements.filter((s) => /update messages/i.test(s));
    // The period runs on a fake clock (timers only: the database's own I/O stays real).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const [i, reply] of replies.entries()) saves.touch(me.user.id, reply.message_id, () => texts[i]!);
      texts[0] = 'a, later'; // read when the batch is written, not when touched
      await saves.settle(replies[2]!.message_id);
      await vi.advanceTimersByTimeAsync(PARTIAL_SAVE_MS - 1);
      expect(updates()).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      await saves.settle('none');
    } finally {
      vi.useRealTimers();
    }
    executor.executeQuery = execute;
    expect(updates()).toHaveLength(1);
    const saved = await Promise.all(replies.map((r) => getMessage(db, me.user.id, r.message_id)));
    expect(saved.map((row) => row?.text)).toEqual(['a, later', 'b', replies[2]!.text]);
    expect(errors).toEqual([]);
  });
});
