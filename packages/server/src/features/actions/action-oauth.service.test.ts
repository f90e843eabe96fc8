import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { newUserRow } from '../../../test/factories.test-helpers';
import { AppError } from '../../lib/app-error';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import { testToolContext } from '../tools/tool-context.test-helpers';
import { runToolCall } from '../tools/tool-runner';
import { ActionAuthRequired } from './action-errors';
import { sealState } from './action-oauth-state';
import { createActionTools } from './action-tools';
import { consent, creds, oauthAction, oauthService, SERVER_ORIGIN } from './action-oauth.test-helpers';
import { json, loopbackAllowedFetch, startLocalServer, type LocalServer } from './local-api.test-helpers';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  startLocalProvider,
  type LocalProvider,
} from './local-oauth-provider.test-helpers';

const START = Date.UTC(2025, 0, 1);

describe.each(testDialects())('action OAuth on %s', (dialect) => {
  let t: TestDatabase | undefined;
  let provider: LocalProvider | undefined;
  let api: LocalServer | undefined;
  afterEach(async () => {
    await Promise.all([t?.cleanup(), provider?.close(), api?.close()]);
    t = provider = api = undefined;
  });

  async function setUp(method: 'default_post' | 'basic_auth_header') {
    t = await freshDatabase(dialect);
    provider = await startLocalProvider(method === 'default_post' ? 'post' : 'basic');
    const user = await newUserRow(t.db);
    const clock = { now: START };
    const target = oauthAction(provider, 'http://127.0.0.1:1', method);
    const oauth = oauthService(t.db, clock);
    const loadAction = async (actionId: string, userId: string) =>
      actionId === target.action.action_id && userId === user.id ? target : null;
    return { db: t.db, provider, user, clock, target, oauth, loadAction };
  }

  it('builds the consent URL with the client, scope, callback and a sealed state', async () => {
    const { oauth, target, user, provider: p } = await setUp('default_post');
    const begun = oauth.beginActionOAuth(target, user.id, 'run-7');
    const url = new URL(begun.url);
    expect(url.origin + url.pathname).toBe(`${p.origin}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT_ID,
      scope: 'read write',
      redirect_uri: `${SERVER_ORIGIN}/api/actions/act-oauth/oauth/callback`,
      access_type: 'offline',
      response_type: 'code',
      state: begun.state,
    });
    expect(begun.state).not.toContain(user.id);
    expect(begun.expiresAt).toBe(START + 10 * 60_000);
  });

  it.each([
    ['default_post', 'post'],
    ['basic_auth_header', 'basic'],
  ] as const)('exchanges the code by %s and stores the tokens sealed', async (method, clientAuth) => {
    const { oauth, target, user, db, loadAction, provider: p } = await setUp(method);
    const { code, state } = await consent(oauth.beginActionOAuth(target, user.id, 'run-7').url);
    const result = await oauth.completeActionOAuth({ actionId: 'act-oauth', code, state, loadAction });
    expect(result).toEqual({ userId: user.id, actionId: 'act-oauth', runId: 'run-7' });
    expect(p.tokenCalls).toHaveLength(1);
    expect(p.tokenCalls[0]).toMatchObject({ grant: 'authorization_code', clientAuth });
    expect(p.tokenCalls[0]?.fields['redirect_uri']).toBe(
      `${SERVER_ORIGIN}/api/actions/act-oauth/oauth/callback`,
    );
    if (method === 'basic_auth_header') expect(p.tokenCalls[0]?.fields['client_secret']).toBeUndefined();

    const rows = await db.selectFrom('action_oauth_tokens').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      user_id: user.id,
      action_id: 'act-oauth',
      token_type: 'Bearer',
      scope: 'read',
    });
    expect(rows[0]?.expires_at).toBe(new Date(START + 3600_000).toISOString());
    const stored = JSON.stringify(rows);
    for (const plain of ['access-2', 'refresh-2', CLIENT_SECRET]) expect(stored).not.toContain(plain);
    expect(await oauth.accessToken(target, user.id)).toBe('access-2');
  });

  it('refuses a forged, expired or misdirected state, and a used code', async () => {
    const { oauth, target, user, clock, loadAction } = await setUp('default_post');
    const { code, state } = await consent(oauth.beginActionOAuth(target, user.id).url);
    const complete = (fields: { actionId?: string; code?: string; state?: string }) =>
      oauth.completeActionOAuth({ actionId: 'act-oauth', code, state, loadAction, ...fields }).then(
        () => 'accepted',
        (e: AppError) => `${e.code}: ${e.message}`,
      );
    const otherKeys = { secrets: { credsKey: 'e5'.repeat(32), credsIv: 'f6'.repeat(16) } };
    const forged = sealState(
      { userId: user.id, actionId: 'act-oauth', expiresAt: START + 60_000 },
      otherKeys,
    );
    expect(await complete({ state: forged })).toBe('VALIDATION: Invalid or expired state parameter');
    expect(await complete({ state: `${state.slice(0, -4)}AAAA` })).toBe(
      'VALIDATION: Invalid or expired state parameter',
    );
    expect(await complete({ state: undefined })).toBe('VALIDATION: Invalid or expired state parameter');
    expect(await complete({ actionId: 'act-other' })).toBe(
      'VALIDATION: Mismatched action ID in state parameter',
    );
    expect(await complete({ code: undefined })).toBe('VALIDATION: The provider sent no authorization code');
    const strangers = sealState(
      { userId: 'someone-else', actionId: 'act-oauth', expiresAt: START + 60_000 },
      creds,
    );
    expect(await complete({ state: strangers })).toBe('NOT_FOUND: Action not found');
    clock.now = START + 10 * 60_000;
    expect(await complete({})).toBe('VALIDATION: Invalid or expired state parameter');
    clock.now = START + 10 * 60_000 - 1;
    expect(await complete({})).toBe('accepted');
    expect(await complete({})).toBe('BAD_GATEWAY: The token URL answered HTTP 400');
  });

  it('asks for consent when there is no token, with a URL for this user, action and run', async () => {
    const { oauth, target, user } = await setUp('default_post');
    const error = await oauth.accessToken(target, user.id, { runId: 'run-9' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ActionAuthRequired);
    const required = error as ActionAuthRequired;
    expect(required).toMatchObject({
      actionId: 'act-oauth',
      domain: '127.0.0.1',
      expiresAt: START + 600_000,
    });
    expect(required.authorizationUrl).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/authorize\?client_id=parley-client&/,
    );
  });

  it('refreshes an expired token with the refresh token, keeping it when the provider sends none', async () => {
    const { oauth, target, user, clock, loadAction, provider: p } = await setUp('basic_auth_header');
    const { code, state } = await consent(oauth.beginActionOAuth(target, user.id).url);
    await oauth.completeActionOAuth({ actionId: 'act-oauth', code, state, loadAction });
    clock.now = START + 3600_000 - 61_000;
    expect(await oauth.accessToken(target, user.id)).toBe('access-2');
    clock.now = START + 3600_000 - 59_000;
    const [a, b] = await Promise.all([
      oauth.accessToken(target, user.id),
      oauth.accessToken(target, user.id),
    ]);
    expect([a, b]).toEqual(['access-3', 'access-3']);
    expect(p.tokenCalls.map((c) => [c.grant, c.clientAuth, c.fields['refresh_token']])).toEqual([
      ['authorization_code', 'basic', undefined],
      ['refresh_token', 'basic', 'refresh-2'],
    ]);
    // The provider kept the refresh token: the next refresh uses it again.
    clock.now += 3600_000;
    expect(await oauth.accessToken(target, user.id)).toBe('access-4');
    expect(p.tokenCalls[2]?.fields['refresh_token']).toBe('refresh-2');
  });

  it('does not open tokens copied into another user’s row; that user is asked to consent', async () => {
    const { oauth, target, user, loadAction, db } = await setUp('default_post');
    const { code, state } = await consent(oauth.beginActionOAuth(target, user.id).url);
    await oauth.completeActionOAuth({ actionId: 'act-oauth', code, state, loadAction });
    const other = await newUserRow(db);
    const [row] = await db.selectFrom('action_oauth_tokens').selectAll().execute();
    await db
      .insertInto('action_oauth_tokens')
      .values({ ...row!, user_id: other.id })
      .execute();
    await expect(oauth.accessToken(target, other.id)).rejects.toBeInstanceOf(ActionAuthRequired);
    expect(await db.selectFrom('action_oauth_tokens').select('user_id').execute()).toEqual([
      { user_id: user.id },
    ]);
    expect(await oauth.accessToken(target, user.id)).toBe('access-2');
  });

  it('asks for consent again when the refresh is refused, forgetting the tokens', async () => {
    const { oauth, target, user, clock, loadAction, db, provider: p } = await setUp('default_post');
    const { code, state } = await consent(oauth.beginActionOAuth(target, user.id).url);
    await oauth.completeActionOAuth({ actionId: 'act-oauth', code, state, loadAction });
    p.settings.refuseRefresh = true;
    clock.now = START + 7200_000;
    await expect(oauth.accessToken(target, user.id)).rejects.toBeInstanceOf(ActionAuthRequired);
    expect(await db.selectFrom('action_oauth_tokens').selectAll().execute()).toEqual([]);
  });

  it('asks for consent when a token without a refresh token expires', async () => {
    const { oauth, target, user, clock, loadAction, provider: p } = await setUp('default_post');
    p.settings.rotateRefresh = true;
    const { code, state } = await consent(oauth.beginActionOAuth(target, user.id).url);
    await oauth.completeActionOAuth({ actionId: 'act-oauth', code, state, loadAction });
    await t!.db.updateTable('action_oauth_tokens').set({ refresh_token: null }).execute();
    clock.now = START + 7200_000;
    await expect(oauth.accessToken(target, user.id)).rejects.toBeInstanceOf(ActionAuthRequired);
    expect(p.tokenCalls).toHaveLength(1);
  });

  it('fails the tool, not the consent, when the token URL is down during a refresh', async () => {
    const { oauth, target, user, clock, loadAction, provider: p } = await setUp('default_post');
    const { code, state } = await consent(oauth.beginActionOAuth(target, user.id).url);
    await oauth.completeActionOAuth({ actionId: 'act-oauth', code, state, loadAction });
    p.settings.failWith = 503;
    clock.now = START + 7200_000;
    const error = await oauth.accessToken(target, user.id).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ActionAuthRequired);
    expect((error as Error).message).toBe('The token URL answered HTTP 503');
    expect(await t!.db.selectFrom('action_oauth_tokens').select('action_id').execute()).toEqual([
      { action_id: 'act-oauth' },
    ]);
  });

  it('does not reach a token URL on 127.0.0.1 without allowed ranges', async () => {
    const { target, user, clock, loadAction, db, provider: p } = await setUp('default_post');
    const guarded = oauthService(db, clock, createGuardedFetch());
    const { code, state } = await consent(guarded.beginActionOAuth(target, user.id).url);
    const error = await guarded.completeActionOAuth({ actionId: 'act-oauth', code, state, loadAction }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'BAD_GATEWAY',
      message:
        'The token URL could not be reached: The URL is a loopback address, which user-given URLs may not name',
    });
    expect(p.tokenCalls).toEqual([]);
  });

  it('signs the action’s calls with the user’s bearer token, and asks for consent first when there is none', async () => {
    const { oauth, user, clock, loadAction, provider: p } = await setUp('default_post');
    api = await startLocalServer((req, res) => {
      const ok = req.headers.authorization === `Bearer ${p.issued.at(-1)}`;
      json(res, ok ? 200 : 401, ok ? { hello: user.name } : { error: 'no' });
    });
    const target = oauthAction(p, api.origin, 'default_post');
    const required: ActionAuthRequired[] = [];
    const tool = () =>
      createActionTools({
        action: target.action,
        auth: target.secrets,
        guardedFetch: loopbackAllowedFetch(),
        oauthToken: oauth.tokenSource(target, user.id, 'run-3'),
        onAuthRequired: (e) => required.push(e),
      }).find((x) => x.key.startsWith('getAnswer_action_'))!;
    const step = await runToolCall(tool(), {}, testToolContext());
    expect(step).toMatchObject({
      status: 'failed',
      output:
        'error processing tool getAnswer_action_127---0---0---1: Sign in to 127.0.0.1 is needed before this action can run',
    });
    const first = await tool()
      .run({}, testToolContext())
      .catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ActionAuthRequired);
    expect(required).toHaveLength(2);
    expect(required[1]).toBe(first);
    expect(api.received).toEqual([]);

    const { code, state } = await consent((first as ActionAuthRequired).authorizationUrl);
    const loadOther = async (actionId: string, userId: string) =>
      (await loadAction(actionId, userId)) && target;
    expect(
      await oauth.completeActionOAuth({ actionId: 'act-oauth', code, state, loadAction: loadOther }),
    ).toEqual({
      userId: user.id,
      actionId: 'act-oauth',
      runId: 'run-3',
    });
    expect(await runToolCall(tool(), {}, testToolContext())).toMatchObject({
      status: 'done',
      output: JSON.stringify({ hello: user.name }, null, 2),
    });
    clock.now = START + 7200_000;
    expect((await runToolCall(tool(), {}, testToolContext())).status).toBe('done');
    expect(api.received.map((r) => r.headers.authorization)).toEqual(['Bearer access-2', 'Bearer access-3']);
  });
});
