import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { testDialects } from '../../../test/dialects';
import { signUp } from '../auth/auth-test-helpers';
import { seedConversation, seedMessage } from '../messages/message-test-helpers';
import { getMessage } from '../messages/messages.repository';
import { PARTIAL_SAVE_MS, createPartialSaves } from './partial-saves';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDialects())('batched partial saves on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('writes every touched reply within one period in one batch; settle drops a reply from the batch', async () => {
    t = await buildTestApp(dialect);
    const me = await signUp(t.app);
    const db = t.database.db;
    const convo = await seedConversation(db, me.user.id);
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push(await seedMessage(db, me.user.id, convo, { byUser: false }));
    const errors: unknown[] = [];
    const saves = createPartialSaves(db, (error) => errors.push(error));
    const texts = ['a', 'b', 'c'];
    const statements: string[] = [];
    const executor = db.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    executor.executeQuery = (query, ...rest) => (statements.push(query.sql), execute(query, ...rest));
    for (const [i, reply] of replies.entries()) saves.touch(me.user.id, reply.message_id, () => texts[i]!);
    texts[0] = 'a, later'; // read when the batch is written, not when touched
    await saves.settle(replies[2]!.message_id);
    await sleep(PARTIAL_SAVE_MS + 150);
    await saves.settle('none');
    executor.executeQuery = execute;
    expect(statements.filter((s) => /update messages/i.test(s))).toHaveLength(1);
    const saved = await Promise.all(replies.map((r) => getMessage(db, me.user.id, r.message_id)));
    expect(saved.map((row) => row?.text)).toEqual(['a, later', 'b', replies[2]!.text]);
    expect(errors).toEqual([]);
  });
});
