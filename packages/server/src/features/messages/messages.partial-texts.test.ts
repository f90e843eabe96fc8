import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { getMessage, insertReplyRow, updateMessageTexts } from './messages.repository';
import { newUser, newConversation, newMessage, nextIso } from '../../../test/factories.test-helpers';

describe.each(testDialects())('updateMessageTexts on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it("writes many replies' partial text in one call, never another user's message", async () => {
    t = await buildTestApp(dialect);
    const me = await newUser(t.app);
    const other = await newUser(t.app);
    const db = t.database.db;
    const convo = await newConversation(db, me.user.id);
    const mine = [];
    for (let i = 0; i < 3; i++) mine.push(await newMessage(db, me.user.id, convo, { byUser: false }));
    const at = nextIso();
    // 1,203 rows: more than one statement's worth (the rest name messages that do not exist).
    const rows = [
      ...mine.map((m, i) => ({
        userId: me.user.id,
        messageId: m.message_id,
        text: `part ${i} "q" é`,
        updatedAt: at,
      })),
      { userId: other.user.id, messageId: mine[0]!.message_id, text: 'hijack', updatedAt: at },
      ...Array.from({ length: 1_200 }, (_, i) => ({
        userId: me.user.id,
        messageId: `none-${i}`,
        text: 'x',
        updatedAt: at,
      })),
    ];
    await updateMessageTexts(db, rows);
    for (const [i, m] of mine.entries()) {
      expect(await getMessage(db, me.user.id, m.message_id)).toMatchObject({
        text: `part ${i} "q" é`,
        updated_at: at,
        created_at: m.created_at,
      });
    }
    await updateMessageTexts(db, []);
  });

  it('insertReplyRow inserts a new reply once and refuses a taken id', async () => {
    t = await buildTestApp(dialect);
    const me = await newUser(t.app);
    const db = t.database.db;
    const convo = await newConversation(db, me.user.id);
    const taken = await newMessage(db, me.user.id, convo, { byUser: false });
    const at = nextIso();
    const row = {
      message_id: 'reply-1',
      conversation_id: convo,
      user_id: me.user.id,
      parent_message_id: taken.message_id,
      sender: 'GPT',
      text: '',
      is_created_by_user: 0,
      unfinished: 1,
      token_count: 0,
      created_at: at,
      updated_at: at,
    };
    expect(await insertReplyRow(db, row)).toBe(true);
    expect(await getMessage(db, me.user.id, 'reply-1')).toMatchObject({ text: '', unfinished: 1 });
    expect(await insertReplyRow(db, { ...row, message_id: taken.message_id, text: 'x' })).toBe(false);
    expect((await getMessage(db, me.user.id, taken.message_id))?.text).toBe(taken.text);
  });
});
