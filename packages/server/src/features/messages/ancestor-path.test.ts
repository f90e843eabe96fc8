import { afterEach, describe, expect, it } from 'vitest';
import { NIL_UUID } from '@parley/shared';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import type { Db } from '../../db/database';
import { ancestorPath } from './ancestor-path.repository';
import type { NewMessageRow } from './messages.table';
import { newConversation, newMessage, newUserRow } from '../../../test/factories.test-helpers';

const TOKENS_EACH = 10;

/** A linear chain of `n` messages, each of TOKENS_EACH tokens, inserted in multi-row batches. */
async function buildChain(db: Db, userId: string, conversationId: string, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, (_, i) => `m-${String(i).padStart(6, '0')}`);
  const base = Date.UTC(2024, 0, 1);
  const rows: NewMessageRow[] = ids.map((id, i) => {
    const at = new Date(base + i * 1000).toISOString();
    return {
      message_id: id,
      conversation_id: conversationId,
      user_id: userId,
      parent_message_id: i === 0 ? NIL_UUID : ids[i - 1]!,
      sender: i % 2 === 0 ? 'User' : 'GPT-4',
      text: `message ${i}`,
      is_created_by_user: i % 2 === 0 ? 1 : 0,
      token_count: TOKENS_EACH,
      created_at: at,
      updated_at: at,
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('messages')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  return ids;
}

describe.each(testDialects())('ancestorPath on %s', (dialect) => {
  let d: TestDatabase;
  afterEach(async () => d?.cleanup());

  const user = async (db: Db, id: string) => (await newUserRow(db, { id, name: id, invite_code: id })).id;

  it('walks a 10,000-message chain to the newest messages within the budget, fast', async () => {
    d = await freshDatabase(dialect);
    const db = d.db;
    const me = await user(db, 'user-a');
    const convo = await newConversation(db, me);
    const ids = await buildChain(db, me, convo, 10_000);
    const newest = ids.at(-1)!;

    await ancestorPath(db, me, convo, newest, 4_000); // warm the statement and the pages
    const runs: number[] = [];
    let path: Awaited<ReturnType<typeof ancestorPath>> = [];
    for (let i = 0; i < 5; i += 1) {
      const start = performance.now();
      path = await ancestorPath(db, me, convo, newest, 4_000);
      runs.push(performance.now() - start);
    }
    const best = Math.min(...runs);
    const median = [...runs].sort((a, b) => a - b)[2]!;
    console.log(
      `ancestorPath 10,000 messages, 4,000-token budget on ${dialect}: best ${best.toFixed(2)} ms, median ${median.toFixed(2)} ms`,
    );

    expect(path).toHaveLength(4_000 / TOKENS_EACH);
    expect(path.map((m) => m.message_id)).toEqual(ids.slice(-400));
    expect(path.reduce((sum, m) => sum + m.token_count, 0)).toBeLessThanOrEqual(4_000);
    expect(median).toBeLessThan(dialect === 'sqlite' ? 10 : 50);
  });

  it('answers the whole path under a big budget, nothing for a message too big, and only the owner’s', async () => {
    d = await freshDatabase(dialect);
    const db = d.db;
    const me = await user(db, 'user-a');
    const other = await user(db, 'user-b');
    const convo = await newConversation(db, me);
    const root = await newMessage(db, me, convo, { text: 'one two three' });
    const reply = await newMessage(db, me, convo, { parent: root.message_id, byUser: false, text: 'four' });
    const branch = await newMessage(db, me, convo, {
      parent: root.message_id,
      byUser: false,
      text: 'other',
    });
    const next = await newMessage(db, me, convo, { parent: reply.message_id, text: 'x '.repeat(50) });

    const all = await ancestorPath(db, me, convo, next.message_id, Number.POSITIVE_INFINITY);
    expect(all.map((m) => m.message_id)).toEqual([root.message_id, reply.message_id, next.message_id]);
    expect(all.map((m) => m.message_id)).not.toContain(branch.message_id);
    expect(await ancestorPath(db, me, convo, next.message_id, next.token_count - 1)).toEqual([]);
    const tail = await ancestorPath(db, me, convo, next.message_id, next.token_count + reply.token_count);
    expect(tail.map((m) => m.message_id)).toEqual([reply.message_id, next.message_id]);
    expect(await ancestorPath(db, other, convo, next.message_id, 1e6)).toEqual([]);
    expect(await ancestorPath(db, me, 'another-convo', next.message_id, 1e6)).toEqual([]);
  });
});
