import { afterEach, describe, expect, it } from 'vitest';
import { API, type ApiErrorBody, type AuthResult } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { findUserByEmail } from '../users/users.repository';
import { postRegister, refreshCookie } from './auth.test-helpers';
import { newUser, registration } from '../../../test/factories.test-helpers';

const long = (n: number) => 'a'.repeat(n);

// [case, payload changes, field, message]
const invalid: [string, Record<string, unknown>, string, string][] = [
  ['missing name', { name: undefined }, 'name', 'Name is required'],
  [
    'one-letter name',
    { name: 'A' },
    'name',
    'Name must be at least 2 characters (one Chinese character is enough)',
  ],
  ['blank name', { name: '   ' }, 'name', 'Name is required'],
  ['long name', { name: long(80) }, 'name', 'Name must be shorter than 80 characters'],
  ['short username', { username: 'a' }, 'username', 'Username must be at least 2 characters'],
  ['long username', { username: long(20) }, 'username', 'Username must be shorter than 20 characters'],
  ['bad email', { email: 'not-an-email' }, 'email', 'Enter a valid email address'],
  ['short email', { email: 'a@b.c' }, 'email', 'Email must be at least 6 characters'],
  ['missing email', { email: undefined }, 'email', 'Email is required'],
  [
    'short password',
    { password: 'short', confirm_password: 'short' },
    'password',
    'Password must be at least 8 characters',
  ],
  [
    'long password',
    { password: long(128), confirm_password: long(128) },
    'password',
    'Password must be shorter than 128 characters',
  ],
  [
    'mismatched confirm',
    { confirm_password: 'something else' },
    'confirm_password',
    'Passwords do not match',
  ],
  ['email of the wrong type', { email: 5 }, 'email', 'Email is required'],
  ['name of the wrong type', { name: ['x'] }, 'name', 'Name is required'],
];

describe.each(testDialects())('POST /api/auth/register on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it.each(['李雷', '雷', 'Al'])(
    'accepts the short name %s (2 characters, or one ideograph)',
    async (name) => {
      t = await buildTestApp(dialect);
      const res = await postRegister(t.app, registration({ name }));
      expect(res.statusCode).toBe(201);
      expect(res.json<AuthResult>().user.name).toBe(name);
    },
  );

  it('creates the account, signs it in (201, token, user, refresh cookie) and stores an argon2id hash', async () => {
    t = await buildTestApp(dialect);
    const res = await postRegister(t.app, registration({ email: 'Grace@Example.com', username: 'grace' }));
    expect(res.statusCode).toBe(201);
    const body = res.json<AuthResult>();
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({ name: 'Ada Lovelace', email: 'grace@example.com', username: 'grace' });
    expect(body.user.inviteCode).toMatch(/^[A-Za-z0-9_-]{8}$/);
    // No hash or password leaves the server: only whether the account has one (the account page asks for it).
    const passwordKeys = Object.keys(body.user).filter((k) => k.toLowerCase().includes('password'));
    expect(passwordKeys).toEqual(['hasPassword']);
    expect(body.user.hasPassword).toBe(true);
    expect(refreshCookie(res)?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    const row = await findUserByEmail(t.database.db, 'grace@example.com');
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it.each(invalid)('refuses a %s with 400 naming the field', async (_case, changes, field, message) => {
    t = await buildTestApp(dialect);
    const res = await postRegister(t.app, registration(changes));
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', field, message });
  });

  it('answers a body that is not JSON with 400, not 500', async () => {
    t = await buildTestApp(dialect);
    const res = await t.app.inject({
      method: 'POST',
      url: API.register,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().code).toBe('VALIDATION');
  });

  it('refuses with 403 REGISTRATION_DISABLED when registration is off', async () => {
    t = await buildTestApp(dialect, { auth: { allowRegistration: false } });
    const res = await postRegister(t.app, registration());
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiErrorBody>().code).toBe('REGISTRATION_DISABLED');
  });

  it('allows only the configured e-mail domains', async () => {
    t = await buildTestApp(dialect, { auth: { allowedDomains: ['parley.test'] } });
    const refused = await postRegister(t.app, registration({ email: 'eve@example.com' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiErrorBody>()).toMatchObject({ code: 'FORBIDDEN', field: 'email' });
    expect(refused.json<ApiErrorBody>().message).toMatch(/domain/);
    const allowed = await postRegister(t.app, registration({ email: 'bob@Parley.test' }));
    expect(allowed.statusCode).toBe(201);
  });

  it('answers 409 for an e-mail that is taken, whatever its case', async () => {
    t = await buildTestApp(dialect);
    await newUser(t.app, { email: 'taken@example.com' });
    const res = await postRegister(t.app, registration({ email: 'TAKEN@example.com' }));
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiErrorBody>()).toMatchObject({
      code: 'CONFLICT',
      message: 'An account with this email already exists',
    });
  });

  it('answers 409 for a username that is taken, whatever its case', async () => {
    t = await buildTestApp(dialect);
    await newUser(t.app, { username: 'Turing' });
    const res = await postRegister(t.app, registration({ username: 'turing' }));
    expect(res.statusCode).toBe(409);
    expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'CONFLICT', field: 'username' });
  });

  it('lets exactly one of two simultaneous registrations of the same e-mail through', async () => {
    t = await buildTestApp(dialect);
    const body = registration({ email: 'race@example.com' });
    const results = await Promise.all([postRegister(t.app, body), postRegister(t.app, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('links the inviter named by a valid invite code and ignores an unknown one', async () => {
    t = await buildTestApp(dialect);
    const inviter = await newUser(t.app);
    await newUser(t.app, { email: 'invited@example.com', inviteCode: inviter.user.inviteCode });
    const invited = await findUserByEmail(t.database.db, 'invited@example.com');
    expect(invited?.inviter_id).toBe(inviter.user.id);

    const stranger = await postRegister(
      t.app,
      registration({ email: 'nobody@example.com', inviteCode: 'zzzzzzzz' }),
    );
    expect(stranger.statusCode).toBe(201);
    expect((await findUserByEmail(t.database.db, 'nobody@example.com'))?.inviter_id).toBeNull();
  });

  it('gives every user a different invite code', async () => {
    t = await buildTestApp(dialect);
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++) codes.add((await newUser(t.app)).user.inviteCode);
    expect(codes.size).toBe(3);
  });

  it('limits registrations per IP (429 RATE_LIMITED after REGISTER_MAX)', async () => {
    t = await buildTestApp(dialect, { rateLimits: { registerMax: 2 } });
    for (let i = 0; i < 2; i++) expect((await postRegister(t.app, registration())).statusCode).toBe(201);
    const res = await postRegister(t.app, registration());
    expect(res.statusCode).toBe(429);
    expect(res.json<ApiErrorBody>().code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const otherIp = await postRegister(t.app, registration(), '10.0.0.9');
    expect(otherIp.statusCode).toBe(201);
  });
});
