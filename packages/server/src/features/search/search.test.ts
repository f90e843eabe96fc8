import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { API, SEARCH_PAGE_SIZE, type SearchPage } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { upsertConversation } from '../conversations/conversations.repository';
import { call } from '../messages/messages.test-helpers';
import { searchUser } from './search.service';
import { newConversation, newMessage, newUser, nextIso } from '../../../test/factories.test-helpers';

describe.each(testDialects())('search API on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function setup(searchEnabled = true) {
    t = await buildTestApp(dialect, { app: { searchEnabled } });
    const me = await newUser(t.app);
    const other = await newUser(t.app);
    const db = t.database.db;
    const convo = await newConversation(db, me.user.id, { title: 'Weekend 计划' });
    return { db, me, other, convo };
  }
  const search = (token: string, q: string, page = 1) =>
    call(t.app, token, 'GET', `${API.search}?q=${encodeURIComponent(q)}&pageNumber=${page}`);
  const found = async (token: string, q: string) => (await search(token, q)).json<SearchPage>();

  it('finds a two-character Chinese query, an English word and a prefix', async () => {
    const { db, me, convo } = await setup();
    const zh = await newMessage(db, me.user.id, convo, { text: '今天天气很好' });
    const en = await newMessage(db, me.user.id, convo, { text: 'The Quick brown fox jumps', byUser: false });
    await newMessage(db, me.user.id, convo, { text: 'unrelated words' });

    const weather = await found(me.token, '天气');
    expect(weather.messages.map((m) => m.messageId)).toEqual([zh.message_id]);
    expect(weather.messages[0]).toMatchObject({
      conversationId: convo,
      searchResult: true,
      title: 'Weekend 计划',
    });
    expect(weather.conversations.map((c) => c.conversationId)).toEqual([convo]);
    expect((await found(me.token, '今天天气')).messages.map((m) => m.messageId)).toEqual([zh.message_id]);
    expect((await found(me.token, '好')).messages.map((m) => m.messageId)).toEqual([zh.message_id]);
    expect((await found(me.token, '明天')).messages).toEqual([]);
    expect((await found(me.token, 'quick')).messages.map((m) => m.messageId)).toEqual([en.message_id]);
    expect((await found(me.token, 'brown fox')).messages.map((m) => m.messageId)).toEqual([en.message_id]);
    expect((await found(me.token, 'jum')).messages.map((m) => m.messageId)).toEqual([en.message_id]);
    expect((await found(me.token, 'fox cat')).messages).toEqual([]);
  });

  it("indexes a new conversation's title and a title given, not the title again on every later turn", async () => {
    const { db, me, convo } = await setup();
    const turn = (conversationId: string) => {
      const at = nextIso();
      // What a chat turn writes: the conversation moved to the top, its title not given.
      return upsertConversation(db, {
        conversation_id: conversationId,
        user_id: me.user.id,
        endpoint: 'openAI',
        endpoint_type: null,
        model: 'gpt-4o',
        options: '{}',
        created_at: at,
        updated_at: at,
      });
    };
    // The title column changed behind the index's back: only a rewrite of the title's document would show it.
    await db
      .updateTable('conversations')
      .set({ title: 'Secret' })
      .where('conversation_id', '=', convo)
      .execute();
    await turn(convo);
    expect((await found(me.token, 'weekend')).conversations.map((c) => c.conversationId)).toEqual([convo]);
    expect((await found(me.token, 'secret')).conversations).toEqual([]);

    const fresh = randomUUID();
    await turn(fresh);
    expect((await found(me.token, 'new chat')).conversations.map((c) => c.conversationId)).toEqual([fresh]);
  });

  it('finds conversation titles, and follows renames, edits and deletes', async () => {
    const { db, me, convo } = await setup();
    const msg = await newMessage(db, me.user.id, convo, { text: 'first draft' });
    const byTitle = await found(me.token, '计划');
    expect(byTitle.conversations.map((c) => c.conversationId)).toEqual([convo]);
    expect(byTitle.messages).toEqual([]);

    await call(t.app, me.token, 'POST', API.convosUpdate, {
      arg: { conversationId: convo, title: 'Holiday' },
    });
    expect((await found(me.token, '计划')).conversations).toEqual([]);
    expect((await found(me.token, 'holiday')).conversations).toHaveLength(1);

    await call(t.app, me.token, 'PUT', `${API.messages}/${convo}/${msg.message_id}`, {
      text: 'second version',
      conversationId: convo,
    });
    expect((await found(me.token, 'draft')).messages).toEqual([]);
    expect((await found(me.token, 'second')).messages).toHaveLength(1);

    await call(t.app, me.token, 'POST', API.convosClear, { arg: { conversationId: convo } });
    expect(await found(me.token, 'second')).toMatchObject({ messages: [], conversations: [], pages: 1 });
  });

  it('never finds another user’s messages or titles', async () => {
    const { db, me, other, convo } = await setup();
    const theirs = await newConversation(db, other.user.id, { title: 'secret plans' });
    await newMessage(db, other.user.id, theirs, { text: '今天天气很好 secret' });
    await newMessage(db, me.user.id, convo, { text: 'my own note' });
    for (const q of ['天气', 'secret', 'plans', 'secr']) {
      expect(await found(me.token, q)).toMatchObject({ messages: [], conversations: [] });
    }
    expect((await found(other.token, '天气')).messages).toHaveLength(1);
    expect((await found(other.token, 'note')).messages).toEqual([]);
  });

  it('pages results newest first', async () => {
    const { db, me, convo } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 5; i += 1) {
      ids.push((await newMessage(db, me.user.id, convo, { text: `apple number ${i}` })).message_id);
    }
    const p1 = await found(me.token, 'apple');
    expect(p1).toMatchObject({ pageNumber: 1, pages: 2 });
    expect(p1.messages.map((m) => m.messageId)).toEqual(ids.slice(-SEARCH_PAGE_SIZE).reverse());
    const p2 = (await search(me.token, 'apple', 2)).json<SearchPage>();
    expect(p2.messages.map((m) => m.messageId)).toEqual(ids.slice(0, 5).reverse());
    expect((await search(me.token, 'apple', 9)).json<SearchPage>()).toMatchObject({ messages: [], pages: 2 });
  });

  it('counts no further than the cap: beyond it, one page ahead while there are more', async () => {
    const { db, me, convo } = await setup();
    for (let i = 0; i < 2 * SEARCH_PAGE_SIZE + 5; i += 1) {
      await newMessage(db, me.user.id, convo, { text: `pear number ${i}` });
    }
    const page = (n: number, cap: number) => searchUser(db, me.user.id, 'pear', n, cap);
    expect((await page(1, 1000)).pages).toBe(3);
    expect((await page(1, 10)).pages).toBe(2);
    expect((await page(2, 10)).pages).toBe(3);
    const last = await page(3, 10);
    expect(last).toMatchObject({ pages: 3 });
    expect(last.messages).toHaveLength(5);
  });

  it('refuses an empty query with 400, and ignores query syntax', async () => {
    const { me } = await setup();
    expect((await search(me.token, '  ')).statusCode).toBe(400);
    for (const q of ['"', 'a OR b', "it's", 'NEAR(x y)', '*', '&|!:']) {
      expect((await search(me.token, q)).statusCode).toBe(200);
    }
  });

  it('answers the enable flag, and 404 for search when it is off', async () => {
    const { me } = await setup(false);
    expect((await call(t.app, me.token, 'GET', API.searchEnable)).json()).toBe(false);
    expect((await search(me.token, 'x')).statusCode).toBe(404);
    await t.close();
    const on = await setup(true);
    expect((await call(t.app, on.me.token, 'GET', API.searchEnable)).json()).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `${API.search}?q=x` })).statusCode).toBe(401);
  });
});
