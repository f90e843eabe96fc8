import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser, PASSWORD, registration } from '../../../test/factories.test-helpers';
import { linkIn, startLocalSmtp, type LocalSmtp } from '../../../test/smtp.test-helpers';
import { readMailEnv } from '../../config/mail-settings';
import { postLogin, postRegister } from '../auth/auth.test-helpers';
import { startLocalOidcProvider, type LocalOidcProvider } from '../../../test/oidc-provider.test-helpers';
import { findUserByEmail, findUserById } from '../users/users.repository';
import { ATTEMPT_COOKIE } from './attempt-cookie';
import { markEmailVerified, sessionOf, signInWith } from './social-login.test-helpers';

// Social sign-in through OpenID Connect against a real provider on loopback:
// docs/reference/accounts.md (Social sign-in).

let oidc: LocalOidcProvider;
let smtp: LocalSmtp;
beforeAll(async () => {
  [oidc, smtp] = await Promise.all([startLocalOidcProvider(), startLocalSmtp()]);
});
afterAll(() => Promise.all([oidc.close(), smtp.close()]));

let counter = 0;
/** A user the provider has never seen, with a verified address unless told otherwise. */
function providerUser(over: Partial<LocalOidcProvider['user']> = {}) {
  counter += 1;
  oidc.user = {
    sub: `sub-${counter}-${Date.now()}`,
    email: `social${counter}-${Date.now()}@example.com`,
    email_verified: true,
    name: 'Olive Idsen',
    picture: 'https://images.example.com/olive.png',
    ...over,
  };
  return oidc.user;
}

const loginError = (location: URL) => `${location.pathname}?${location.searchParams}`;

describe.each(testDialects())('social sign-in with OpenID Connect on %s', (dialect) => {
  let t: TestApp;
  const build = (
    over: {
      allowSocialRegistration?: boolean;
      interval?: number;
      checkBalance?: boolean;
      loginMax?: number;
      mail?: boolean;
    } = {},
  ) =>
    buildTestApp(dialect, {
      ...(over.mail ? { mail: readMailEnv(smtp.env)!, app: { emailEnabled: true, checkBalance: true } } : {}),
      ...(over.loginMax ? { rateLimits: { loginMax: over.loginMax } } : {}),
      ...(over.checkBalance ? { app: { checkBalance: true } } : {}),
      auth: {
        allowSocialLogin: true,
        allowSocialRegistration: over.allowSocialRegistration ?? true,
        socialProviders: {
          openid: {
            clientId: oidc.env.OPENID_CLIENT_ID!,
            clientSecret: oidc.env.OPENID_CLIENT_SECRET!,
            issuer: oidc.issuer,
            scope: 'openid profile email offline_access',
          },
        },
      },
      ...(over.interval ? { bans: { interval: over.interval } } : {}),
    });
  afterEach(() => t?.close());

  it('creates an account, signs it in, and finds it again by the provider id next time', async () => {
    t = await build();
    const who = providerUser();
    const first = await signInWith(t.app, 'openid');
    expect(first.callback.statusCode).toBe(302);
    expect(first.location.href).toBe(`${t.config.domainClient}/c/new`);
    const { user } = await sessionOf(t.app, first);
    expect(user).toMatchObject({
      name: 'Olive Idsen',
      email: who.email,
      provider: 'openid',
      emailVerified: true,
      avatar: 'https://images.example.com/olive.png',
    });
    const row = await findUserById(t.database.db, user.id);
    expect(row?.openid_id).toBe(who.sub);
    expect(row?.invite_code).toMatch(/^[A-Za-z0-9_-]{8}$/);

    // The attempt cookie is used once: the callback clears it.
    const cleared = first.callback.cookies.find((c) => c.name === ATTEMPT_COOKIE);
    expect(cleared?.value).toBe('');

    // The provider changed the user's address meanwhile: the provider id still finds the same account.
    oidc.user = { ...who, email: `changed-${who.email}` };
    const again = await sessionOf(t.app, await signInWith(t.app, 'openid'));
    expect(again.user.id).toBe(user.id);
  });

  it('limits returns from the provider per IP, LOGIN_MAX per window: the next one lands on the login page', async () => {
    t = await build({ loginMax: 2 });
    const fromHere = { remoteAddress: '203.0.113.7' };
    providerUser();
    expect((await signInWith(t.app, 'openid', fromHere)).location.pathname).toBe('/c/new');
    expect((await signInWith(t.app, 'openid', fromHere)).location.pathname).toBe('/c/new');
    const third = await signInWith(t.app, 'openid', fromHere);
    expect(loginError(third.location)).toBe('/login?error=rate_limited');
    expect(third.refreshCookie).toBeUndefined();
    // Another address has its own count.
    const elsewhere = await signInWith(t.app, 'openid', { remoteAddress: '198.51.100.9' });
    expect(elsewhere.location.pathname).toBe('/c/new');
  });

  it('gives a new account the registration gift once, and marks the browser as a known device', async () => {
    t = await build({ checkBalance: true });
    const first = await signInWith(t.app, 'openid');
    const { user } = await sessionOf(t.app, first);
    expect(first.callback.cookies.find((c) => c.name === 'parleyDevice')?.value.split('.')[0]).toBe(user.id);
    await sessionOf(t.app, await signInWith(t.app, 'openid'));
    const gifts = await t.database.db
      .selectFrom('ledger_entries')
      .select(['kind', 'unique_key'])
      .where('user_id', '=', user.id)
      .execute();
    expect(gifts).toEqual([{ kind: 'gift', unique_key: `gift:${user.id}` }]);
  });

  it('sends PKCE (S256), a nonce, the configured scope, and keeps the attempt in a short, Lax cookie on /oauth', async () => {
    t = await build();
    providerUser();
    const start = await t.app.inject({ method: 'GET', url: '/oauth/openid' });
    expect(start.statusCode).toBe(302);
    const authorize = new URL(String(start.headers.location));
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${oidc.issuer}/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.config.domainServer}/oauth/openid/callback`);
    expect(authorize.searchParams.get('scope')).toBe('openid profile email offline_access');
    const cookie = start.cookies.find((c) => c.name === ATTEMPT_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/oauth', maxAge: 600 });
    // The verifier is inside the cookie, encrypted: nothing of it can be read there.
    expect(cookie?.value).not.toContain(authorize.searchParams.get('state'));

    const before = oidc.tokenRequests.length;
    const outcome = await signInWith(t.app, 'openid');
    expect(outcome.refreshCookie).toBeTruthy();
    const sent = oidc.authorizeRequests.at(-1)!;
    expect(sent.code_challenge_method).toBe('S256');
    expect(sent.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.nonce).toBeTruthy();
    expect(sent.state).toBeTruthy();
    const token = oidc.tokenRequests.at(-1)!;
    expect(oidc.tokenRequests.length).toBe(before + 1);
    expect(token.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
  });

  it('links an existing account whose e-mail is verified here, by the e-mail the provider verified', async () => {
    t = await build();
    const existing = await newUser(t.app, { email: `linked-${Date.now()}@example.com` });
    await markEmailVerified(t.database.db, existing.user.id);
    const who = providerUser({ email: existing.user.email });
    const { user } = await sessionOf(t.app, await signInWith(t.app, 'openid'));
    expect(user.id).toBe(existing.user.id);
    expect(user.provider).toBe('local');
    expect((await findUserById(t.database.db, user.id))?.openid_id).toBe(who.sub);
  });

  // An attacker signs up first with the victim's address and a password of their own; the victim later signs in
  // with a provider that verified the address. Nothing of the attacker's account may reach her, nor she it.
  it('e-mail off: refuses to link an account nobody verified the address of, and leaves it as it was', async () => {
    t = await build();
    const email = `vicky-${Date.now()}@example.com`;
    const attacker = await newUser(t.app, { email, name: 'Mallory' });
    providerUser({ email, name: 'Vicky' });
    const outcome = await signInWith(t.app, 'openid');
    expect(loginError(outcome.location)).toBe('/login?error=account_not_verified');
    expect(outcome.refreshCookie).toBeUndefined();
    const row = await findUserById(t.database.db, attacker.user.id);
    expect(row).toMatchObject({ openid_id: null, email_verified: 0, name: 'Mallory' });
    // No second account took the address, and the provider's user got no session in the attacker's.
    const owners = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(owners).toEqual([{ id: attacker.user.id }]);
    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', attacker.user.id)
      .execute();
    expect(sessions).toEqual([{ id: attacker.sessionId }]);
  });

  it('e-mail on: refuses a pre-registered account; after a reset from the mailed link it links, and the maker is out', async () => {
    t = await build({ mail: true });
    const email = `vicky-${Date.now()}@example.com`;
    const made = await postRegister(t.app, registration({ email, name: 'Mallory' }));
    expect(made.statusCode).toBe(201);
    await smtp.nextMail(email);
    const attacker = (await findUserByEmail(t.database.db, email))!;

    const who = providerUser({ email, name: 'Vicky' });
    const refused = await signInWith(t.app, 'openid');
    expect(loginError(refused.location)).toBe('/login?error=account_not_verified');
    expect(refused.refreshCookie).toBeUndefined();
    // Still waiting for its activation link: neither linked, activated, nor gifted.
    expect(await findUserById(t.database.db, attacker.id)).toMatchObject({
      openid_id: null,
      email_verified: 0,
    });
    expect((await postLogin(t.app, email, PASSWORD)).statusCode).toBe(403);
    await smtp.nextMail(email);
    const gifts = () =>
      t.database.db
        .selectFrom('ledger_entries')
        .select('unique_key')
        .where('user_id', '=', attacker.id)
        .execute();
    expect(await gifts()).toEqual([]);

    // The way the message names: a new password from the mailed reset link proves the address.
    await t.app.inject({ method: 'POST', url: '/api/auth/requestPasswordReset', payload: { email } });
    const link = linkIn(await smtp.nextMail(email), '/reset-password');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resetPassword',
      payload: {
        token: link.searchParams.get('token'),
        userId: link.searchParams.get('userId'),
        password: 'vicky chose this one',
        confirm_password: 'vicky chose this one',
      },
    });
    expect(reset.statusCode).toBe(200);
    const { user } = await sessionOf(t.app, await signInWith(t.app, 'openid'));
    expect(user).toMatchObject({ id: attacker.id, email, emailVerified: true });
    expect((await findUserById(t.database.db, user.id))?.openid_id).toBe(who.sub);
    expect((await postLogin(t.app, email, PASSWORD)).statusCode).toBe(401);
    expect(await gifts()).toEqual([{ unique_key: `gift:${attacker.id}` }]);
  });

  it('does not link an account by an e-mail the provider has not verified', async () => {
    t = await build();
    const existing = await newUser(t.app, { email: `unverified-${Date.now()}@example.com` });
    providerUser({ email: existing.user.email, email_verified: false });
    const outcome = await signInWith(t.app, 'openid');
    expect(loginError(outcome.location)).toBe('/login?error=email_not_verified');
    expect(outcome.refreshCookie).toBeUndefined();
    expect((await findUserById(t.database.db, existing.user.id))?.openid_id).toBeNull();
  });

  it('creates an account without an unverified e-mail, which stays free for its owner', async () => {
    t = await build();
    const who = providerUser({ email_verified: false });
    const { user } = await sessionOf(t.app, await signInWith(t.app, 'openid'));
    expect(user.email).toBeUndefined();
    expect(user.emailVerified).toBe(false);
    expect(await findUserByEmail(t.database.db, who.email!)).toBeUndefined();
  });

  it('refuses a callback whose state is not the attempt’s, or without the attempt cookie, or with a forged one', async () => {
    t = await build();
    const who = providerUser();
    const tampered = await signInWith(t.app, 'openid', {
      changeCallback: (url) => url.searchParams.set('state', 'someone-elses-state'),
    });
    expect(loginError(tampered.location)).toBe('/login?error=expired');
    const noCookie = await signInWith(t.app, 'openid', { cookie: null });
    expect(loginError(noCookie.location)).toBe('/login?error=expired');
    const forged = await signInWith(t.app, 'openid', { cookie: 'v1:AAAA:BBBB:CCCC' });
    expect(loginError(forged.location)).toBe('/login?error=expired');
    for (const outcome of [tampered, noCookie, forged]) expect(outcome.refreshCookie).toBeUndefined();
    expect(await findUserByEmail(t.database.db, who.email!)).toBeUndefined();
  });

  it('refuses an ID token whose nonce is not the attempt’s', async () => {
    t = await build();
    const who = providerUser();
    oidc.tamperNextNonce('a-replayed-nonce');
    const outcome = await signInWith(t.app, 'openid');
    expect(loginError(outcome.location)).toBe('/login?error=failed');
    expect(outcome.refreshCookie).toBeUndefined();
    expect(await findUserByEmail(t.database.db, who.email!)).toBeUndefined();
  });

  it('says "cancelled" when the user declines at the provider, and "failed" for its other errors', async () => {
    t = await build();
    providerUser();
    const declined = await signInWith(t.app, 'openid', {
      changeCallback: (url) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', 'access_denied');
      },
    });
    expect(loginError(declined.location)).toBe('/login?error=cancelled');
    const broken = await signInWith(t.app, 'openid', {
      changeCallback: (url) => url.searchParams.set('error', 'server_error'),
    });
    expect(loginError(broken.location)).toBe('/login?error=failed');
  });

  it('with ALLOW_SOCIAL_REGISTRATION off, creates no account but still signs in linked ones', async () => {
    t = await build({ allowSocialRegistration: false });
    const stranger = providerUser();
    const refused = await signInWith(t.app, 'openid');
    expect(loginError(refused.location)).toBe('/login?error=registration_closed');
    expect(await findUserByEmail(t.database.db, stranger.email!)).toBeUndefined();

    const existing = await newUser(t.app, { email: `member-${Date.now()}@example.com` });
    await markEmailVerified(t.database.db, existing.user.id);
    providerUser({ email: existing.user.email });
    const { user } = await sessionOf(t.app, await signInWith(t.app, 'openid'));
    expect(user.id).toBe(existing.user.id);
  });

  it('refuses a banned account, and a banned address before it reaches the provider', async () => {
    t = await build({ interval: 1 });
    providerUser();
    const { user } = await sessionOf(t.app, await signInWith(t.app, 'openid'));
    await t.database.db
      .updateTable('users')
      .set({ banned_until: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', user.id)
      .execute();
    const banned = await signInWith(t.app, 'openid');
    expect(loginError(banned.location)).toBe('/login?error=banned');
    expect(banned.refreshCookie).toBeUndefined();

    const ip = '203.0.113.77';
    expect(await t.app.services.violations.record('login', { ip, userId: null })).toBe(true);
    const start = await t.app.inject({ method: 'GET', url: '/oauth/openid', remoteAddress: ip });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe(`${t.config.domainClient}/login?error=banned`);
  });

  it("records a sign-up's address, and makes no account from a banned account's address during its ban", async () => {
    t = await build();
    providerUser();
    const made = await sessionOf(t.app, await signInWith(t.app, 'openid', { remoteAddress: '203.0.113.80' }));
    const row = (await findUserById(t.database.db, made.user.id))!;
    expect(row.signup_ip).toBe('203.0.113.80');
    await t.database.db
      .updateTable('users')
      .set({ banned_until: new Date(Date.now() + 3_600_000).toISOString() })
      .where('id', '=', row.id)
      .execute();
    const stranger = providerUser();
    const refused = await signInWith(t.app, 'openid', { remoteAddress: '203.0.113.80' });
    expect(loginError(refused.location)).toBe('/login?error=banned');
    expect(refused.refreshCookie).toBeUndefined();
    expect(await findUserByEmail(t.database.db, stranger.email!)).toBeUndefined();
    // From elsewhere the same provider's user signs up.
    const elsewhere = await signInWith(t.app, 'openid', { remoteAddress: '203.0.113.81' });
    expect(elsewhere.location.pathname).toBe('/c/new');
  });

  it('records the invite chain two levels deep for an account made from an invite link', async () => {
    t = await build();
    const grandparent = await newUser(t.app);
    const parent = await newUser(t.app, { inviteCode: grandparent.user.inviteCode });
    providerUser();
    const outcome = await signInWith(t.app, 'openid', {
      query: `?inviteCode=${encodeURIComponent(parent.user.inviteCode!)}`,
    });
    const { user } = await sessionOf(t.app, outcome);
    const row = await findUserById(t.database.db, user.id);
    expect(row?.inviter_id).toBe(parent.user.id);
    expect(row?.second_inviter_id).toBe(grandparent.user.id);
  });

  it('sends a provider that is not configured, or unknown, back to the login page', async () => {
    t = await build();
    for (const name of ['github', 'myspace']) {
      const start = await t.app.inject({ method: 'GET', url: `/oauth/${name}` });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe(`${t.config.domainClient}/login?error=unavailable`);
      const callback = await t.app.inject({ method: 'GET', url: `/oauth/${name}/callback?code=x&state=y` });
      expect(callback.headers.location).toBe(`${t.config.domainClient}/login?error=unavailable`);
    }
  });
});
