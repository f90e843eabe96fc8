import { afterEach, describe, expect, it } from 'vitest';
import { API, NIL_UUID, type ApiErrorBody, type Message } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { countTokens } from '../../lib/tokens';
import { call } from './messages.test-helpers';
import { getMessage, listSiblings, saveMessage, updateMessageText } from './messages.repository';
import { newUser, newConversation, newMessage, nextIso } from '../../../test/factories.test-helpers';

describe.each(testDialects())('messages API on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function setup() {
    t = await buildTestApp(dialect);
    const me = await newUser(t.app);
    const other = await newUser(t.app);
    const db = t.database.db;
    const convo = await newConversation(db, me.user.id);
    const theirConvo = await newConversation(db, other.user.id);
    return { db, me, other, convo, theirConvo };
  }

  it('puts a request before its reply when both carry the same millisecond', async () => {
    const { db, me, convo } = await setup();
    const at = nextIso();
    // The reply's id sorts first, so only the user-first rule can order them.
    await newMessage(db, me.user.id, convo, { id: 'b-request', text: 'b-request', token_count: 1, at });
    await newMessage(db, me.user.id, convo, {
      id: 'a-reply',
      parent: 'b-request',
      byUser: false,
      text: 'a-reply',
      token_count: 1,
      at,
    });
    const res = await call(t.app, me.token, 'GET', `${API.messages}/${convo}`);
    expect(res.json<Message[]>().map((m) => m.messageId)).toEqual(['b-request', 'a-reply']);
  });

  it('answers every branch of the conversation oldest first, [] for new, 404 for another user’s', async () => {
    const { db, me, convo, theirConvo, other } = await setup();
    const root = await newMessage(db, me.user.id, convo, { text: 'q' });
    const a1 = await newMessage(db, me.user.id, convo, {
      parent: root.message_id,
      byUser: false,
      text: 'a1',
    });
    const a2 = await newMessage(db, me.user.id, convo, {
      parent: root.message_id,
      byUser: false,
      text: 'a2',
    });
    await newMessage(db, other.user.id, theirConvo);
    const res = await call(t.app, me.token, 'GET', `${API.messages}/${convo}`);
    expect(res.statusCode).toBe(200);
    const messages = res.json<Message[]>();
    expect(messages.map((m) => m.messageId)).toEqual([root.message_id, a1.message_id, a2.message_id]);
    expect(messages[0]).toMatchObject({
      parentMessageId: NIL_UUID,
      isCreatedByUser: true,
      error: false,
      unfinished: false,
      isEdited: false,
      tokenCount: countTokens('q'),
    });
    expect(messages[1]).toMatchObject({ isCreatedByUser: false, sender: 'GPT-4', text: 'a1' });
    expect((await call(t.app, me.token, 'GET', `${API.messages}/new`)).json()).toEqual([]);
    expect((await call(t.app, me.token, 'GET', `${API.messages}/${theirConvo}`)).statusCode).toBe(404);
    expect((await call(t.app, me.token, 'GET', `${API.messages}/nope`)).statusCode).toBe(404);
  });

  it('edits a message in place, recounting tokens and marking it edited', async () => {
    const { db, me, convo } = await setup();
    const msg = await newMessage(db, me.user.id, convo, { text: 'hi' });
    const text = 'a longer text with several more tokens in it';
    const res = await call(t.app, me.token, 'PUT', `${API.messages}/${convo}/${msg.message_id}`, {
      text,
      model: 'gpt-4o-mini',
      conversationId: convo,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Message>()).toMatchObject({ text, isEdited: true, model: 'gpt-4o-mini' });
    const row = await getMessage(db, me.user.id, msg.message_id);
    expect(row).toMatchObject({ text, is_edited: 1, token_count: countTokens(text) });
  });

  it('takes an edit without conversationId (the path names it); refuses another one and bad input with 400', async () => {
    const { db, me, convo } = await setup();
    const msg = await newMessage(db, me.user.id, convo);
    const url = `${API.messages}/${convo}/${msg.message_id}`;
    const bare = await call(t.app, me.token, 'PUT', url, { text: 'only the text' });
    expect(bare.statusCode).toBe(200);
    expect(bare.json<Message>()).toMatchObject({ text: 'only the text', isEdited: true });
    const mismatch = await call(t.app, me.token, 'PUT', url, { text: 'x', conversationId: 'other' });
    expect(mismatch.json<ApiErrorBody>()).toMatchObject({
      code: 'VALIDATION',
      message: 'conversationId does not match the URL',
    });
    expect((await call(t.app, me.token, 'PUT', url, { text: 'x', conversationId: '' })).statusCode).toBe(400);
    expect((await call(t.app, me.token, 'PUT', url, { text: 'x', conversationId: 'other' })).statusCode).toBe(
      400,
    );
    expect((await call(t.app, me.token, 'PUT', url, { conversationId: convo })).statusCode).toBe(400);
    expect((await call(t.app, me.token, 'PUT', url, { text: 5, conversationId: convo })).statusCode).toBe(
      400,
    );
  });

  it('answers 404 when editing another user’s message, and leaves it alone', async () => {
    const { db, me, other, theirConvo } = await setup();
    const theirs = await newMessage(db, other.user.id, theirConvo, { text: 'private' });
    const res = await call(t.app, me.token, 'PUT', `${API.messages}/${theirConvo}/${theirs.message_id}`, {
      text: 'hacked',
      conversationId: theirConvo,
    });
    expect(res.statusCode).toBe(404);
    expect((await getMessage(db, other.user.id, theirs.message_id))?.text).toBe('private');
    expect(await getMessage(db, me.user.id, theirs.message_id)).toBeUndefined();
  });

  it('saves by id (insert, then update), never over another user’s row; partial text; siblings', async () => {
    const { db, me, other, convo, theirConvo } = await setup();
    const msg = await newMessage(db, me.user.id, convo, { text: 'draft' });
    const at = nextIso();
    const updated = await saveMessage(db, {
      ...msg,
      text: 'final',
      token_count: 1,
      unfinished: 0,
      updated_at: at,
    });
    expect(updated).toMatchObject({ message_id: msg.message_id, text: 'final', created_at: msg.created_at });
    const hijack = await saveMessage(db, {
      ...msg,
      user_id: other.user.id,
      conversation_id: theirConvo,
      text: 'x',
    });
    expect(hijack).toBeUndefined();
    expect((await getMessage(db, me.user.id, msg.message_id))?.text).toBe('final');

    expect(
      await updateMessageText(db, me.user.id, msg.message_id, {
        text: 'par',
        updatedAt: at,
        unfinished: true,
      }),
    ).toBe(true);
    expect(await getMessage(db, me.user.id, msg.message_id)).toMatchObject({ text: 'par', unfinished: 1 });
    expect(await updateMessageText(db, other.user.id, msg.message_id, { text: 'no', updatedAt: at })).toBe(
      false,
    );

    const b1 = await newMessage(db, me.user.id, convo, { parent: msg.message_id, byUser: false });
    const b2 = await newMessage(db, me.user.id, convo, { parent: msg.message_id, byUser: false });
    const siblings = await listSiblings(db, me.user.id, convo, msg.message_id);
    expect(siblings.map((s) => s.message_id)).toEqual([b1.message_id, b2.message_id]);
    expect(await listSiblings(db, other.user.id, convo, msg.message_id)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    await setup();
    expect((await t.app.inject({ method: 'GET', url: `${API.messages}/x` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `${API.messages}/x/y` })).statusCode).toBe(401);
  });
});
