import { afterEach, describe, expect, it } from 'vitest';
import { type ApiErrorBody, type Conversation, type ConversationPage, type SearchPage } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newConversation, newMessage, newUser } from '../../../test/factories.test-helpers';
import { call } from '../messages/messages.test-helpers';

// docs/reference/conversations.md (Archive)
describe.each(testDialects())('archiving conversations on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function setup() {
    t = await buildTestApp(dialect);
    const me = await newUser(t.app);
    const other = await newUser(t.app);
    return { db: t.database.db, me, other };
  }
  const archive = (token: string, arg: unknown) =>
    call(t.app, token, 'POST', '/api/convos/archive', arg === undefined ? {} : { arg });
  const ids = (page: ConversationPage) => page.conversations.map((c) => c.conversationId);
  const list = async (token: string, query = '') =>
    ids((await call(t.app, token, 'GET', `/api/convos${query}`)).json<ConversationPage>());

  it('archives out of the list into ?isArchived=true, and restores it to its old place', async () => {
    const { db, me } = await setup();
    const older = await newConversation(db, me.user.id, { title: 'Older' });
    const kept = await newConversation(db, me.user.id, { title: 'Kept' });
    const res = await archive(me.token, { conversationId: older, isArchived: true });
    expect(res.statusCode).toBe(200);
    const archived = res.json<Conversation>();
    expect(archived).toMatchObject({ conversationId: older, title: 'Older', isArchived: true });

    expect(await list(me.token)).toEqual([kept]);
    expect(await list(me.token, '?isArchived=false')).toEqual([kept]);
    const page = (await call(t.app, me.token, 'GET', '/api/convos?isArchived=true')).json<ConversationPage>();
    expect(ids(page)).toEqual([older]);
    expect(page).toMatchObject({ pageNumber: 1, pages: 1 });
    expect(page.conversations[0]!.isArchived).toBe(true);

    const restored = (
      await archive(me.token, { conversationId: older, isArchived: false })
    ).json<Conversation>();
    expect(restored.isArchived).toBeUndefined();
    // Not moved to the top: it was older, and stays below.
    expect(await list(me.token)).toEqual([kept, older]);
    expect(await list(me.token, '?isArchived=true')).toEqual([]);
  });

  it("answers 404 for another user's conversation and leaves it as it was", async () => {
    const { db, me, other } = await setup();
    const theirs = await newConversation(db, other.user.id);
    const res = await archive(me.token, { conversationId: theirs, isArchived: true });
    expect(res.statusCode).toBe(404);
    expect(res.json<ApiErrorBody>().message).toBe('Conversation not found');
    expect(await list(other.token)).toEqual([theirs]);
    expect((await archive(me.token, { conversationId: 'nope', isArchived: true })).statusCode).toBe(404);
  });

  it('refuses a bad body or query with a 400 naming the field', async () => {
    const { db, me } = await setup();
    const mine = await newConversation(db, me.user.id);
    const noFlag = await archive(me.token, { conversationId: mine });
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json<ApiErrorBody>().message).toContain('isArchived');
    const textFlag = await archive(me.token, { conversationId: mine, isArchived: 'yes' });
    expect(textFlag.statusCode).toBe(400);
    expect(textFlag.json<ApiErrorBody>().message).toContain('isArchived');
    const noId = await archive(me.token, { isArchived: true });
    expect(noId.statusCode).toBe(400);
    expect(noId.json<ApiErrorBody>().message).toContain('conversationId');
    const noArg = await archive(me.token, undefined);
    expect(noArg.statusCode).toBe(400);
    expect(noArg.json<ApiErrorBody>().message).toContain('arg');
    const query = await call(t.app, me.token, 'GET', '/api/convos?isArchived=maybe');
    expect(query.statusCode).toBe(400);
    expect(query.json<ApiErrorBody>().message).toContain('isArchived');
    // Nothing was changed by the refused calls.
    expect(await list(me.token)).toEqual([mine]);
  });

  it('still finds an archived chat by search, marked as archived', async () => {
    const { db, me } = await setup();
    const mine = await newConversation(db, me.user.id, { title: 'Lighthouse keepers' });
    await newMessage(db, me.user.id, mine, { text: 'The lighthouse on the cape' });
    await archive(me.token, { conversationId: mine, isArchived: true });
    const found = (await call(t.app, me.token, 'GET', '/api/search?q=lighthouse')).json<SearchPage>();
    expect(found.conversations).toEqual([
      expect.objectContaining({ conversationId: mine, isArchived: true }),
    ]);
    expect(found.messages.map((m) => m.conversationId)).toEqual([mine]);
  });
});
