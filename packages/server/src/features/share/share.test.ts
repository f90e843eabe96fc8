import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, SharedConversation } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newConversation, newMessage, newUser } from '../../../test/factories.test-helpers';
import { branchedConversation, createLink, readLink, shareCall, textsOf } from './share.test-helpers';

// Making and reading share links (docs/reference/sharing.md (Share links; What a link shows)).

describe.each(testDialects())('share links on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function setup() {
    t = await buildTestApp(dialect);
    const owner = await newUser(t.app, { email: `owner-${Date.now()}@example.com`, name: 'Ada Lovelace' });
    const other = await newUser(t.app);
    return { db: t.database.db, owner, other };
  }

  it('shares the branch the web shows, readable signed out, naming nothing of the owner', async () => {
    const { db, owner } = await setup();
    const c = await branchedConversation(db, owner.user.id, 'Trip plans');
    const res = await shareCall(t.app, owner.token, 'POST', `/api/share/${c.conversationId}`, {});
    expect(res.statusCode).toBe(200);
    const { shareId, ...rest } = res.json<{ shareId: string; conversationId: string }>();
    expect(shareId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(rest).toEqual({ conversationId: c.conversationId });

    const read = await readLink(t.app, shareId);
    expect(read.statusCode).toBe(200);
    const shared = read.json<SharedConversation>();
    expect(shared).toMatchObject({ shareId, conversationId: shareId, title: 'Trip plans', isPublic: true });
    expect(textsOf(shared)).toEqual(['Q1b', 'A1b', 'Q2', 'A2']);
    expect(shared.messages.map((m) => m.parentMessageId).slice(1)).toEqual([
      c.q1b.message_id,
      c.a1b.message_id,
      c.q2.message_id,
    ]);
    expect(shared.messages.map((m) => m.sender)).toEqual(['User', 'GPT-4', 'User', 'GPT-4']);
    expect(shared.messages.every((m) => m.conversationId === shareId)).toBe(true);
    // Nothing leads back to the owner: not their e-mail, name, id, nor the conversation's id.
    for (const secret of [owner.user.email, 'Ada Lovelace', owner.user.id, c.conversationId]) {
      expect(read.body).not.toContain(secret);
    }
  });

  it('is a copy: later turns, edits and renames of the conversation do not reach it', async () => {
    const { db, owner } = await setup();
    const c = await branchedConversation(db, owner.user.id);
    const shareId = await createLink(t.app, owner.token, c.conversationId);
    await newMessage(db, owner.user.id, c.conversationId, { text: 'Q3', parent: c.a2.message_id });
    const edit = await shareCall(
      t.app,
      owner.token,
      'PUT',
      `/api/messages/${c.conversationId}/${c.a2.message_id}`,
      { text: 'A2 edited' },
    );
    expect(edit.statusCode).toBe(200);
    const rename = await shareCall(t.app, owner.token, 'POST', '/api/convos/update', {
      arg: { conversationId: c.conversationId, title: 'Renamed' },
    });
    expect(rename.statusCode).toBe(200);
    const shared = (await readLink(t.app, shareId)).json<SharedConversation>();
    expect(textsOf(shared)).toEqual(['Q1b', 'A1b', 'Q2', 'A2']);
    expect(shared.title).toBe('Trip plans');
  });

  it('shares the branch up to targetMessageId, and only that branch', async () => {
    const { db, owner } = await setup();
    const c = await branchedConversation(db, owner.user.id);
    const res = await shareCall(t.app, owner.token, 'POST', `/api/share/${c.conversationId}`, {
      targetMessageId: c.a1.message_id,
    });
    expect(res.json()).toEqual({
      shareId: expect.any(String),
      conversationId: c.conversationId,
      targetMessageId: c.a1.message_id,
    });
    const shared = (
      await readLink(t.app, res.json<{ shareId: string }>().shareId)
    ).json<SharedConversation>();
    expect(textsOf(shared)).toEqual(['Q1', 'A1']);
    expect(shared.targetMessageId).toBe(c.a1.message_id);
    // Up to a message in the middle of a branch: what came after it stays out.
    const mid = await createLink(t.app, owner.token, c.conversationId, { targetMessageId: c.q2.message_id });
    expect(textsOf((await readLink(t.app, mid)).json<SharedConversation>())).toEqual(['Q1b', 'A1b', 'Q2']);
    // The LibreChat client's call without any body shares the shown branch.
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/share/${c.conversationId}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(bare.statusCode).toBe(200);
  });

  it("refuses another user's conversation, message and links with a 404, and leaves them alone", async () => {
    const { db, owner, other } = await setup();
    const c = await branchedConversation(db, owner.user.id);
    const shareId = await createLink(t.app, owner.token, c.conversationId);
    const theirs = await newConversation(db, other.user.id);
    await newMessage(db, other.user.id, theirs, { text: 'theirs' });
    const refused = [
      await shareCall(t.app, other.token, 'POST', `/api/share/${c.conversationId}`, {}),
      // Their own conversation, with a message of someone else's as the target.
      await shareCall(t.app, other.token, 'POST', `/api/share/${theirs}`, {
        targetMessageId: c.a2.message_id,
      }),
      await shareCall(t.app, owner.token, 'POST', `/api/share/${c.conversationId}`, {
        targetMessageId: 'nope',
      }),
      await shareCall(t.app, other.token, 'DELETE', `/api/share/${shareId}`),
      await shareCall(t.app, other.token, 'PATCH', `/api/share/${shareId}`),
      await shareCall(t.app, owner.token, 'POST', '/api/share/no-such-conversation', {}),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(refused.map((r) => r.json<ApiErrorBody>().code)).toEqual(Array(6).fill('NOT_FOUND'));
    const link = await shareCall(t.app, other.token, 'GET', `/api/share/link/${c.conversationId}`);
    expect(link.json()).toEqual({ success: false, shareId: null, conversationId: c.conversationId });
    const list = await shareCall(t.app, other.token, 'GET', '/api/share');
    expect(list.json()).toEqual({ links: [], hasNextPage: false });
    expect((await readLink(t.app, shareId)).statusCode).toBe(200);
  });

  it('answers the newest link of a conversation', async () => {
    const { db, owner } = await setup();
    const c = await branchedConversation(db, owner.user.id);
    const none = await shareCall(t.app, owner.token, 'GET', `/api/share/link/${c.conversationId}`);
    expect(none.json()).toEqual({ success: false, shareId: null, conversationId: c.conversationId });
    await createLink(t.app, owner.token, c.conversationId);
    const newest = await createLink(t.app, owner.token, c.conversationId, {
      targetMessageId: c.a1.message_id,
    });
    const res = await shareCall(t.app, owner.token, 'GET', `/api/share/link/${c.conversationId}`);
    expect(res.json()).toEqual({
      success: true,
      shareId: newest,
      conversationId: c.conversationId,
      targetMessageId: c.a1.message_id,
    });
  });

  it('answers 4xx with a message for bad input, never a half-made link', async () => {
    const { db, owner } = await setup();
    const empty = await newConversation(db, owner.user.id);
    const noMessages = await shareCall(t.app, owner.token, 'POST', `/api/share/${empty}`, {});
    expect(noMessages.statusCode).toBe(400);
    expect(noMessages.json<ApiErrorBody>()).toMatchObject({
      field: 'conversationId',
      message: 'conversationId: The conversation has no messages to share',
    });
    const c = await branchedConversation(db, owner.user.id);
    const blank = await shareCall(t.app, owner.token, 'POST', `/api/share/${c.conversationId}`, {
      targetMessageId: '',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<ApiErrorBody>().field).toBe('targetMessageId');
    const notObject = await shareCall(t.app, owner.token, 'POST', `/api/share/${c.conversationId}`, [
      1,
    ] as never);
    expect(notObject.statusCode).toBe(400);
    const signedOut = await shareCall(t.app, null, 'POST', `/api/share/${c.conversationId}`, {});
    expect(signedOut.statusCode).toBe(401);
    expect((await shareCall(t.app, null, 'GET', '/api/share')).statusCode).toBe(401);
    expect((await shareCall(t.app, null, 'DELETE', '/api/share/x')).statusCode).toBe(401);
    expect((await readLink(t.app, 'never-made')).statusCode).toBe(404);
    const list = await shareCall(t.app, owner.token, 'GET', '/api/share');
    expect(list.json()).toEqual({ links: [], hasNextPage: false });
    const copies = await t.database.db.selectFrom('shared_messages').select('share_id').execute();
    expect(copies).toEqual([]);
  });
});
