import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, SharedConversation, SharedLinksPage } from '@parley/shared';
import { buildTestApp, type DeepPartial, type TestApp } from '../../../test/app.test-helpers';
import { buildApp } from '../../app';
import type { AppConfig } from '../../config/config.types';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newMessage, newUser } from '../../../test/factories.test-helpers';
import { branchedConversation, createLink, readLink, shareCall, textsOf } from './share.test-helpers';

// The owner's links: listing, revoking, renewing; and the operator's switches
// (docs/reference/sharing.md (Share links; Turning sharing off)).

describe.each(testDialects())('the owner’s share links on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function setup(overrides: DeepPartial<AppConfig> = {}) {
    t = await buildTestApp(dialect, overrides);
    const owner = await newUser(t.app);
    return { db: t.database.db, owner };
  }

  const list = async (token: string, query = '') =>
    (await shareCall(t.app, token, 'GET', `/api/share${query}`)).json<SharedLinksPage>();

  it('lists newest first in pages, by title on request, and finds titles', async () => {
    const { db, owner } = await setup();
    const ids: string[] = [];
    for (const title of ['Bravo trip', 'alpha notes', 'Charlie TRIP']) {
      const c = await branchedConversation(db, owner.user.id, title);
      ids.push(await createLink(t.app, owner.token, c.conversationId));
    }
    const first = await list(owner.token, '?pageSize=2');
    expect(first.links.map((l) => l.shareId)).toEqual([ids[2], ids[1]]);
    expect(first.links[0]).toEqual({
      shareId: ids[2],
      conversationId: expect.any(String),
      title: 'Charlie TRIP',
      isPublic: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(first.hasNextPage).toBe(true);
    const second = await list(owner.token, `?pageSize=2&cursor=${first.nextCursor}`);
    expect(second.links.map((l) => l.shareId)).toEqual([ids[0]]);
    expect(second).not.toHaveProperty('nextCursor');
    expect(second.hasNextPage).toBe(false);

    const byTitle = await list(owner.token, '?sortBy=title&sortDirection=asc&pageSize=1&isPublic=true');
    const titles = [byTitle.links[0]!.title];
    let cursor = byTitle.nextCursor;
    while (cursor) {
      const page = await list(owner.token, `?sortBy=title&sortDirection=asc&pageSize=1&cursor=${cursor}`);
      titles.push(...page.links.map((l) => l.title));
      cursor = page.nextCursor;
    }
    expect(titles).toHaveLength(3);
    expect([...titles].sort()).toEqual(['Bravo trip', 'Charlie TRIP', 'alpha notes']);
    const found = await list(owner.token, `?search=${encodeURIComponent('trip')}`);
    expect(found.links.map((l) => l.title)).toEqual(['Charlie TRIP', 'Bravo trip']);
    expect((await list(owner.token, '?search=%25')).links).toEqual([]);

    for (const bad of [
      '?cursor=garbage',
      '?pageSize=0',
      '?pageSize=101',
      '?sortBy=size',
      '?isPublic=maybe',
    ]) {
      const res = await shareCall(t.app, owner.token, 'GET', `/api/share${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<ApiErrorBody>().message).toBeTruthy();
    }
  });

  it('revokes at once: the link reads 404, leaves the list, and a second revoke is a 404', async () => {
    const { db, owner } = await setup();
    const c = await branchedConversation(db, owner.user.id);
    const shareId = await createLink(t.app, owner.token, c.conversationId);
    const res = await shareCall(t.app, owner.token, 'DELETE', `/api/share/${shareId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, shareId, message: 'Share deleted successfully' });
    const gone = await readLink(t.app, shareId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json<ApiErrorBody>()).toMatchObject({ code: 'NOT_FOUND', message: 'Share not found' });
    expect((await list(owner.token)).links).toEqual([]);
    expect((await shareCall(t.app, owner.token, 'DELETE', `/api/share/${shareId}`)).statusCode).toBe(404);
    const copies = await db.selectFrom('shared_messages').select('share_id').execute();
    expect(copies).toEqual([]);
  });

  it('goes with its conversation: deleting the conversation revokes its links', async () => {
    const { db, owner } = await setup();
    const c = await branchedConversation(db, owner.user.id);
    const shareId = await createLink(t.app, owner.token, c.conversationId);
    const cleared = await shareCall(t.app, owner.token, 'POST', '/api/convos/clear', {
      arg: { conversationId: c.conversationId },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await readLink(t.app, shareId)).statusCode).toBe(404);
    expect((await list(owner.token)).links).toEqual([]);
  });

  it('renews a link: a new copy under a new id, the old address gone, its place in the list kept', async () => {
    const { db, owner } = await setup();
    const c = await branchedConversation(db, owner.user.id);
    const old = await createLink(t.app, owner.token, c.conversationId);
    const before = (await list(owner.token)).links[0]!;
    await newMessage(db, owner.user.id, c.conversationId, { text: 'Q3', parent: c.a2.message_id });
    const res = await shareCall(t.app, owner.token, 'PATCH', `/api/share/${old}`);
    expect(res.statusCode).toBe(200);
    const { shareId } = res.json<{ shareId: string }>();
    expect(shareId).not.toBe(old);
    expect((await readLink(t.app, old)).statusCode).toBe(404);
    expect(textsOf((await readLink(t.app, shareId)).json<SharedConversation>())).toEqual([
      'Q1b',
      'A1b',
      'Q2',
      'A2',
      'Q3',
    ]);
    const after = (await list(owner.token)).links;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ shareId, createdAt: before.createdAt });
  });

  it('ALLOW_SHARED_LINKS=false: no link is made or read; old ones can still be listed and revoked', async () => {
    const on = await setup();
    const c = await branchedConversation(on.db, on.owner.user.id);
    const shareId = await createLink(t.app, on.owner.token, c.conversationId);
    // The same database, read by an app whose operator turned sharing off.
    const config = { ...t.config, app: { ...t.config.app, sharedLinksEnabled: false } };
    const app = await buildApp({ config, database: t.database, redis: null }, { checkResponses: true });
    try {
      const create = await shareCall(app, on.owner.token, 'POST', `/api/share/${c.conversationId}`, {});
      expect(create.statusCode).toBe(403);
      expect(create.json<ApiErrorBody>().message).toBe('Shared links are turned off on this server');
      expect((await shareCall(app, on.owner.token, 'PATCH', `/api/share/${shareId}`)).statusCode).toBe(403);
      expect((await readLink(app, shareId)).statusCode).toBe(404);
      const links = await shareCall(app, on.owner.token, 'GET', '/api/share');
      expect(links.json<SharedLinksPage>().links.map((l) => l.shareId)).toEqual([shareId]);
      const startup = (await app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(startup).toMatchObject({ sharedLinksEnabled: false, publicSharedLinksEnabled: false });
      expect((await shareCall(app, on.owner.token, 'DELETE', `/api/share/${shareId}`)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('ALLOW_SHARED_LINKS_PUBLIC=false: only signed-in users read a link', async () => {
    const { db, owner } = await setup({ app: { publicSharedLinksEnabled: false } });
    const c = await branchedConversation(db, owner.user.id);
    const shareId = await createLink(t.app, owner.token, c.conversationId);
    expect((await readLink(t.app, shareId)).statusCode).toBe(401);
    const reader = await newUser(t.app);
    const read = await shareCall(t.app, reader.token, 'GET', `/api/share/${shareId}`);
    expect(read.statusCode).toBe(200);
    expect(textsOf(read.json<SharedConversation>())).toEqual(['Q1b', 'A1b', 'Q2', 'A2']);
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config).toMatchObject({ sharedLinksEnabled: true, publicSharedLinksEnabled: false });
  });
});
