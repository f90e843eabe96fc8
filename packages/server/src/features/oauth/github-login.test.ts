import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { findUserById } from '../users/users.repository';
import { sessionOf, signInWith } from './social-login.test-helpers';

// GitHub sign-in through the same client, against a stand-in for GitHub's authorize, token and API endpoints
// (GITHUB_AUTH_URL, GITHUB_TOKEN_URL, GITHUB_API_URL): docs/reference/accounts.md (Social sign-in).

const CLIENT_ID = 'gh-client';
const CLIENT_SECRET = 'gh-secret';
const ACCESS_TOKEN = 'gho_local_token';

interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, string>;
  headers: IncomingMessage['headers'];
}

/** What the stand-in answers for the signed-in GitHub user. */
let account = {
  user: {
    id: 4242,
    login: 'octo',
    name: 'Octo Cat' as string | null,
    avatar_url: 'https://avatars.example/octo',
  },
  emails: [] as { email: string; primary: boolean; verified: boolean }[],
  failToken: false,
};
const seen: Seen[] = [];
const challenges = new Map<string, string>();
let server: Server;
let base: string;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      const body = Object.fromEntries(new URLSearchParams(await readBody(request)));
      seen.push({
        method: request.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        headers: request.headers,
      });
      const json = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      if (url.pathname === '/login/oauth/authorize') {
        // Approves at once, as a user who already authorized the app.
        const code = `code-${seen.length}`;
        challenges.set(code, url.searchParams.get('code_challenge') ?? '');
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.href });
        return response.end();
      }
      if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
        const verifier = body.code_verifier ?? '';
        const expected = challenges.get(body.code ?? '');
        const derived = createHash('sha256').update(verifier).digest('base64url');
        if (account.failToken || !expected || derived !== expected || body.client_secret !== CLIENT_SECRET) {
          // GitHub answers a refused exchange with 200 and an error body.
          return json(200, { error: 'bad_verification_code' });
        }
        return json(200, { access_token: ACCESS_TOKEN, token_type: 'bearer', scope: 'read:user,user:email' });
      }
      if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`)
        return json(401, { message: 'Bad credentials' });
      if (url.pathname === '/api/user') return json(200, account.user);
      if (url.pathname === '/api/user/emails') return json(200, account.emails);
      return json(404, { message: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe.each(testDialects())('social sign-in with GitHub on %s', (dialect) => {
  let t: TestApp;
  const build = () =>
    buildTestApp(dialect, {
      auth: {
        allowSocialLogin: true,
        allowSocialRegistration: true,
        socialProviders: {
          github: {
            clientId: CLIENT_ID,
            clientSecret: CLIENT_SECRET,
            endpoints: {
              authorization: `${base}/login/oauth/authorize`,
              token: `${base}/login/oauth/access_token`,
              api: `${base}/api`,
            },
          },
        },
      },
    });
  afterEach(() => t?.close());

  it('signs in with PKCE and the client credentials, and takes the verified primary e-mail', async () => {
    t = await build();
    const primary = `octo-${Date.now()}@example.com`;
    account = {
      user: { id: 4242, login: 'octo', name: 'Octo Cat', avatar_url: 'https://avatars.example/octo' },
      emails: [
        { email: `other-${Date.now()}@example.com`, primary: false, verified: true },
        { email: primary.toUpperCase(), primary: true, verified: true },
      ],
      failToken: false,
    };
    seen.length = 0;
    const outcome = await signInWith(t.app, 'github');
    expect(outcome.location.href).toBe(`${t.config.domainClient}/c/new`);
    const { user } = await sessionOf(t.app, outcome);
    expect(user).toMatchObject({
      name: 'Octo Cat',
      email: primary,
      provider: 'github',
      emailVerified: true,
      avatar: 'https://avatars.example/octo',
    });
    expect((await findUserById(t.database.db, user.id))?.github_id).toBe('4242');

    const authorize = seen.find((s) => s.path === '/login/oauth/authorize')!;
    expect(authorize.query).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'read:user user:email',
      code_challenge_method: 'S256',
      redirect_uri: `${t.config.domainServer}/oauth/github/callback`,
    });
    // Plain OAuth 2: no ID token, so no nonce.
    expect(authorize.query.nonce).toBeUndefined();
    const token = seen.find((s) => s.path === '/login/oauth/access_token')!;
    expect(token.body).toMatchObject({
      grant_type: 'authorization_code',
      client_id: CLIENT_ID,
      redirect_uri: `${t.config.domainServer}/oauth/github/callback`,
    });
    expect(token.headers.accept).toContain('application/json');
    for (const path of ['/api/user', '/api/user/emails']) {
      const call = seen.find((s) => s.path === path)!;
      expect(call.headers['user-agent']).toBe('Parley');
    }
  });

  it('does not use an unverified primary e-mail to link or store', async () => {
    t = await build();
    const existing = await newUser(t.app, { email: `taken-${Date.now()}@example.com` });
    account = {
      user: { id: 9001, login: 'mallory', name: null, avatar_url: '' },
      emails: [{ email: existing.user.email!, primary: true, verified: false }],
      failToken: false,
    };
    const { user } = await sessionOf(t.app, await signInWith(t.app, 'github'));
    expect(user.id).not.toBe(existing.user.id);
    expect(user.name).toBe('mallory');
    expect(user.email).toBeUndefined();
    expect((await findUserById(t.database.db, existing.user.id))?.github_id).toBeNull();
  });

  it('sends a refused code exchange back to the login page', async () => {
    t = await build();
    account = { ...account, user: { ...account.user, id: 7 }, failToken: true };
    const outcome = await signInWith(t.app, 'github');
    expect(`${outcome.location.pathname}${outcome.location.search}`).toBe('/login?error=failed');
    expect(outcome.refreshCookie).toBeUndefined();
  });
});
