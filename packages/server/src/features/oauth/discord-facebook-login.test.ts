import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { findUserById } from '../users/users.repository';
import { markEmailVerified, sessionOf, signInWith } from './social-login.test-helpers';

// Discord and Facebook sign-in through the same client, against one stand-in playing both providers' authorize,
// token and profile endpoints (DISCORD_*_URL, FACEBOOK_*_URL): docs/reference/accounts.md (Social sign-in). What each
// provider says about the e-mail decides whether it links or is stored.

const TOKEN = 'stand-in-access-token';
/** The profile each stand-in answers for its signed-in user. */
const profiles: Record<'discord' | 'facebook', Record<string, unknown>> = { discord: {}, facebook: {} };
const profileCalls: string[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    const [, provider, ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    const json = (value: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (path === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', `code-${provider}`);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.href });
      return response.end();
    }
    if (path === '/token' && request.method === 'POST') {
      request.resume();
      return request.on('end', () => json({ access_token: TOKEN, token_type: 'Bearer', expires_in: 3600 }));
    }
    if (request.headers.authorization !== `Bearer ${TOKEN}`) {
      response.writeHead(401);
      return response.end();
    }
    profileCalls.push(`${provider}${path}${url.search}`);
    if (provider === 'discord' && path === '/api/users/@me') return json(profiles.discord);
    if (provider === 'facebook' && path === '/graph/me') return json(profiles.facebook);
    response.writeHead(404);
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each(testDialects())('social sign-in with Discord and Facebook on %s', (dialect) => {
  let t: TestApp;
  const endpoints = (provider: string, api: string) => ({
    authorization: `${base}/${provider}/authorize`,
    token: `${base}/${provider}/token`,
    api: `${base}/${provider}${api}`,
  });
  const build = () =>
    buildTestApp(dialect, {
      auth: {
        allowSocialLogin: true,
        allowSocialRegistration: true,
        socialProviders: {
          discord: { clientId: 'd-id', clientSecret: 'd-secret', endpoints: endpoints('discord', '/api') },
          facebook: {
            clientId: 'f-id',
            clientSecret: 'f-secret',
            endpoints: endpoints('facebook', '/graph'),
          },
        },
      },
    });
  afterEach(() => t?.close());

  it('Discord: a verified e-mail links the existing account to the Discord id', async () => {
    t = await build();
    const existing = await newUser(t.app, { email: `ada-${Date.now()}@example.com` });
    await markEmailVerified(t.database.db, existing.user.id);
    profiles.discord = {
      id: '80351110224678912',
      username: 'ada',
      global_name: 'Ada L.',
      avatar: 'a1b2c3',
      email: existing.user.email,
      verified: true,
    };
    const { user } = await sessionOf(t.app, await signInWith(t.app, 'discord'));
    expect(user.id).toBe(existing.user.id);
    expect((await findUserById(t.database.db, user.id))?.discord_id).toBe('80351110224678912');
    expect(profileCalls.at(-1)).toBe('discord/api/users/@me');
  });

  it('Discord: an unverified e-mail neither links nor is stored on a new account', async () => {
    t = await build();
    const existing = await newUser(t.app, { email: `grace-${Date.now()}@example.com` });
    profiles.discord = {
      id: '42',
      username: 'grace',
      global_name: null,
      avatar: null,
      email: existing.user.email,
    };
    const outcome = await signInWith(t.app, 'discord');
    expect(`${outcome.location.pathname}${outcome.location.search}`).toBe('/login?error=email_not_verified');
    profiles.discord = { id: '43', username: 'grace', avatar: null, email: `new-${Date.now()}@example.com` };
    const { user } = await sessionOf(t.app, await signInWith(t.app, 'discord'));
    expect(user).toMatchObject({ name: 'grace', provider: 'discord', emailVerified: false });
    expect(user.email).toBeUndefined();
  });

  it('Facebook: asks the Graph API for the profile and never trusts its e-mail (it gives no verified flag)', async () => {
    t = await build();
    const existing = await newUser(t.app, { email: `linus-${Date.now()}@example.com` });
    profiles.facebook = {
      id: '10158',
      name: 'Linus T.',
      email: existing.user.email,
      picture: { data: { url: 'https://pics.example/linus.jpg' } },
    };
    const outcome = await signInWith(t.app, 'facebook');
    // An account already has the address, and Facebook cannot say it checked it: no link.
    expect(`${outcome.location.pathname}${outcome.location.search}`).toBe('/login?error=email_not_verified');
    expect(profileCalls.at(-1)).toBe('facebook/graph/me?fields=id,name,email,picture');

    profiles.facebook = { id: '10159', name: 'Margaret H.', email: `margaret-${Date.now()}@example.com` };
    const { user } = await sessionOf(t.app, await signInWith(t.app, 'facebook'));
    expect(user).toMatchObject({ name: 'Margaret H.', provider: 'facebook', emailVerified: false });
    expect(user.email).toBeUndefined();
    expect((await findUserById(t.database.db, user.id))?.facebook_id).toBe('10159');
  });
});
