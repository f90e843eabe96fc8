import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { newUserRow } from '../../../test/factories.test-helpers';
import { setRouteCompilers } from '../../lib/api-routes';
import { AppError } from '../../lib/app-error';
import { registerErrorHandler } from '../../lib/error-handler';
import { addActionOAuthCallback, OAUTH_SUCCESS_TEXT } from './action-oauth.routes';
import { consent, oauthAction, oauthService } from './action-oauth.test-helpers';
import { startLocalProvider, type LocalProvider } from './local-oauth-provider.test-helpers';

const page = (text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Parley</title></head><body><p>${text}</p></body></html>`;

describe.each(testDialects())('the action OAuth callback route on %s', (dialect) => {
  let t: TestDatabase | undefined;
  let provider: LocalProvider | undefined;
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await Promise.all([app?.close(), provider?.close()]);
    await t?.cleanup();
    t = provider = app = undefined;
  });

  async function setUp(loadFails = false, available = true) {
    t = await freshDatabase(dialect);
    provider = await startLocalProvider('post');
    const user = await newUserRow(t.db);
    const target = oauthAction(provider, 'http://127.0.0.1:1', 'default_post');
    const oauth = oauthService(t.db, { now: Date.now() });
    const authorized: unknown[] = [];
    app = Fastify();
    registerErrorHandler(app);
    setRouteCompilers(app, { checkResponses: true });
    addActionOAuthCallback(app, {
      oauth,
      assertAvailable: () => {
        if (!available) throw new AppError('NOT_FOUND', 'The assistants endpoint is not configured');
      },
      loadAction: async (actionId, userId) => {
        if (loadFails) throw new Error('database is down: secret detail');
        return actionId === 'act-oauth' && userId === user.id ? target : null;
      },
      onAuthorized: (result) => void authorized.push(result),
    });
    return { user, target, oauth, authorized, db: t.db };
  }

  it('stores the tokens, tells the run, and shows the success page', async () => {
    const { user, target, oauth, authorized, db } = await setUp();
    const { callback } = await consent(oauth.beginActionOAuth(target, user.id, 'run-1').url);
    expect(callback.pathname).toBe('/api/actions/act-oauth/oauth/callback');
    const res = await app!.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toBe(page(OAUTH_SUCCESS_TEXT));
    expect(authorized).toEqual([{ userId: user.id, actionId: 'act-oauth', runId: 'run-1' }]);
    expect(await db.selectFrom('action_oauth_tokens').select(['user_id', 'action_id']).execute()).toEqual([
      { user_id: user.id, action_id: 'act-oauth' },
    ]);
  });

  it('refuses a bad state with a 400 page and stores nothing', async () => {
    const { authorized, db } = await setUp();
    const res = await app!.inject({
      method: 'GET',
      url: '/api/actions/act-oauth/oauth/callback?code=c&state=v1:AAAA:BBBB:CCCC',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(page('Authentication failed: Invalid or expired state parameter'));
    expect(authorized).toEqual([]);
    expect(await db.selectFrom('action_oauth_tokens').selectAll().execute()).toEqual([]);
  });

  it('shows the provider’s refusal escaped', async () => {
    await setUp();
    const res = await app!.inject({
      method: 'GET',
      url: `/api/actions/act-oauth/oauth/callback?error=${encodeURIComponent('<script>x</script>')}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe(
      page('Authentication failed: the provider answered &quot;&lt;script&gt;x&lt;/script&gt;&quot;.'),
    );
  });

  it('answers a malformed request and a server without the feature with a page too', async () => {
    await setUp();
    const twice = await app!.inject({
      method: 'GET',
      url: '/api/actions/act-oauth/oauth/callback?code=a&code=b&state=s',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(twice.body).toContain('Authentication failed: ');
    await app!.close();
    await t!.cleanup();
    await provider!.close();
    const { user, target, oauth, authorized, db } = await setUp(false, false);
    const { callback } = await consent(oauth.beginActionOAuth(target, user.id).url);
    const off = await app!.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(off.statusCode).toBe(404);
    expect(off.body).toBe(page('Authentication failed: The assistants endpoint is not configured'));
    expect(authorized).toEqual([]);
    expect(await db.selectFrom('action_oauth_tokens').selectAll().execute()).toEqual([]);
  });

  it('answers an unexpected failure with a plain 500 page that tells nothing of it', async () => {
    const { user, target, oauth } = await setUp(true);
    const { callback } = await consent(oauth.beginActionOAuth(target, user.id).url);
    const res = await app!.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(res.statusCode).toBe(500);
    expect(res.body).toBe(page('Authentication failed. Please try again.'));
  });
});
