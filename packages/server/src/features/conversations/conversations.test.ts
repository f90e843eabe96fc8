import { afterEach, describe, expect, it } from 'vitest';
import { API, type ApiErrorBody, type Conversation, type ConversationPage } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { call } from '../messages/messages.test-helpers';
import { listUserConversations } from './conversations.service';
import { newConversation, newMessage, newUser } from '../../../test/factories.test-helpers';

describe.each(testDialects())('conversations API on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function setup() {
    t = await buildTestApp(dialect);
    const me = await newUser(t.app);
    const other = await newUser(t.app);
    return { db: t.database.db, me, other };
  }

  it('lists newest first, 25 a page, with page math and a cursor form', async () => {
    const { db, me, other } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 30; i += 1) ids.push(await newConversation(db, me.user.id, { title: `c${i}` }));
    await newConversation(db, other.user.id);
    const newest = [...ids].reverse();

    const p1 = (await call(t.app, me.token, 'GET', `${API.convos}?pageNumber=1`)).json<ConversationPage>();
    expect(p1.pages).toBe(2);
    expect(p1.pageNumber).toBe(1);
    expect(p1.conversations.map((c) => c.conversationId)).toEqual(newest.slice(0, 25));
    expect(p1.conversations[0]).toMatchObject({
      title: 'c29',
      endpoint: 'openAI',
      model: 'gpt-4o',
      temperature: 0.5,
    });
    const p2 = (await call(t.app, me.token, 'GET', `${API.convos}?pageNumber=2`)).json<ConversationPage>();
    expect(p2.conversations.map((c) => c.conversationId)).toEqual(newest.slice(25));
    expect(p2.nextCursor).toBeNull();

    const c1 = (await call(t.app, me.token, 'GET', API.convos)).json<ConversationPage>();
    expect(c1.nextCursor).toBeTruthy();
    const c2 = (
      await call(t.app, me.token, 'GET', `${API.convos}?cursor=${c1.nextCursor}&pageNumber=2`)
    ).json<ConversationPage>();
    expect(c2.conversations.map((c) => c.conversationId)).toEqual(newest.slice(25));
    expect(c2).toMatchObject({ pageNumber: 2, pages: 2, nextCursor: null });
  });

  it('counts no further than the cap: exact below it, one page ahead while there are more beyond it', async () => {
    const { db, me } = await setup();
    for (let i = 0; i < 60; i += 1) await newConversation(db, me.user.id);
    const page = (n: number, cap: number) => listUserConversations(db, me.user.id, { pageNumber: n }, cap);
    expect((await page(1, 1000)).pages).toBe(3);
    // Capped at 30: page 1 and 2 each promise one more page, and the last page stops the loading.
    expect((await page(1, 30)).pages).toBe(2);
    expect((await page(2, 30)).pages).toBe(3);
    const last = await page(3, 30);
    expect(last.pages).toBe(3);
    expect(last.conversations).toHaveLength(10);
  });

  it('walks every conversation exactly once by cursor, also when several share one update time', async () => {
    const { db, me } = await setup();
    const same = '2026-01-01T00:00:00.000Z';
    const ids = new Set<string>();
    for (let i = 0; i < 40; i += 1) ids.add(await newConversation(db, me.user.id, { updatedAt: same }));
    for (let i = 0; i < 20; i += 1) ids.add(await newConversation(db, me.user.id));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let n = 1; n <= 5; n += 1) {
      const p = await listUserConversations(db, me.user.id, { pageNumber: n, cursor });
      seen.push(...p.conversations.map((c) => c.conversationId));
      if (!p.nextCursor) break;
      cursor = p.nextCursor;
    }
    expect(seen).toHaveLength(60);
    expect(new Set(seen)).toEqual(ids);
  });

  it('answers one empty page for a user with none, and 400 for a bad page or cursor', async () => {
    const { me } = await setup();
    const res = await call(t.app, me.token, 'GET', API.convos);
    expect(res.json()).toEqual({ conversations: [], pageNumber: 1, pages: 1, nextCursor: null });
    expect((await call(t.app, me.token, 'GET', `${API.convos}?pageNumber=0`)).statusCode).toBe(400);
    expect((await call(t.app, me.token, 'GET', `${API.convos}?pageNumber=x`)).statusCode).toBe(400);
    expect((await call(t.app, me.token, 'GET', `${API.convos}?cursor=nope`)).statusCode).toBe(400);
  });

  it('answers one conversation, and 404 for another user’s or a missing id', async () => {
    const { db, me, other } = await setup();
    const mine = await newConversation(db, me.user.id, { title: 'Mine' });
    const theirs = await newConversation(db, other.user.id);
    const res = await call(t.app, me.token, 'GET', `${API.convos}/${mine}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Conversation>()).toMatchObject({ conversationId: mine, title: 'Mine', user: me.user.id });
    for (const id of [theirs, 'missing']) {
      const r = await call(t.app, me.token, 'GET', `${API.convos}/${id}`);
      expect(r.statusCode).toBe(404);
      expect(r.json<ApiErrorBody>().code).toBe('NOT_FOUND');
    }
  });

  it('renames with a trimmed title of 1..200 characters, and moves it to the top', async () => {
    const { db, me, other } = await setup();
    const first = await newConversation(db, me.user.id);
    await newConversation(db, me.user.id);
    const theirs = await newConversation(db, other.user.id, { title: 'Theirs' });
    const rename = (conversationId: string, title: unknown) =>
      call(t.app, me.token, 'POST', API.convosUpdate, { arg: { conversationId, title } });

    const ok = await rename(first, '  Trip plans  ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Conversation>()).toMatchObject({ conversationId: first, title: 'Trip plans' });
    const list = (await call(t.app, me.token, 'GET', API.convos)).json<ConversationPage>();
    expect(list.conversations[0]?.conversationId).toBe(first);

    // A title left out or null keeps the stored one (the whole-conversation form of renaming,
    // docs/reference/conversations.md (Renaming)).
    for (const kept of [undefined, null]) {
      const res = await rename(first, kept);
      expect(res.statusCode).toBe(200);
      expect(res.json<Conversation>().title).toBe('Trip plans');
    }
    for (const bad of ['', '   ', 'x'.repeat(201), 42]) {
      const res = await rename(first, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', field: 'arg.title' });
    }
    expect((await rename(first, 'x'.repeat(200))).statusCode).toBe(200);
    expect((await call(t.app, me.token, 'POST', API.convosUpdate, {})).statusCode).toBe(400);
    expect((await rename(theirs, 'Stolen')).statusCode).toBe(404);
    const still = (await call(t.app, other.token, 'GET', `${API.convos}/${theirs}`)).json<Conversation>();
    expect(still.title).toBe('Theirs');
  });

  it('clears one conversation with its messages, or all of the user’s, never another user’s', async () => {
    const { db, me, other } = await setup();
    const a = await newConversation(db, me.user.id);
    const b = await newConversation(db, me.user.id);
    await newConversation(db, me.user.id);
    const theirs = await newConversation(db, other.user.id);
    await newMessage(db, me.user.id, a);
    await newMessage(db, other.user.id, theirs);
    const clear = (arg: unknown) => call(t.app, me.token, 'POST', API.convosClear, { arg });

    const one = await clear({ conversationId: a, source: 'button' });
    expect(one.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call(t.app, me.token, 'GET', `${API.messages}/${a}`)).statusCode).toBe(404);
    expect(
      await db.selectFrom('messages').select('message_id').where('conversation_id', '=', a).execute(),
    ).toEqual([]);
    expect((await clear({ conversationId: theirs })).statusCode).toBe(404);
    expect((await clear({ conversationId: a })).statusCode).toBe(404);

    const all = await clear({});
    expect(all.json()).toEqual({ acknowledged: true, deletedCount: 2 });
    expect((await call(t.app, me.token, 'GET', `${API.convos}/${b}`)).statusCode).toBe(404);
    const theirList = (await call(t.app, other.token, 'GET', API.convos)).json<ConversationPage>();
    expect(theirList.conversations.map((c) => c.conversationId)).toEqual([theirs]);
    expect((await call(t.app, me.token, 'POST', API.convosClear, {})).json()).toEqual({
      acknowledged: true,
      deletedCount: 0,
    });
  });

  it('answers 401 without a token on every route', async () => {
    await setup();
    for (const [method, url] of [
      ['GET', API.convos],
      ['GET', `${API.convos}/x`],
      ['POST', API.convosUpdate],
      ['POST', API.convosClear],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
