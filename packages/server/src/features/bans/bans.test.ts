import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API,
  AUTH_MESSAGES,
  DELTA_FRAMES,
  REFRESH_COOKIE,
  STREAM_FRAMES_HEADER,
  type ApiErrorBody,
} from '@parley/shared';
import type { AppConfig } from '../../config/config.types';
import { buildTestApp, type DeepPartial, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser, PASSWORD, registration } from '../../../test/factories.test-helpers';
import { postLogin, postRegister } from '../auth/auth.test-helpers';
import { isoIn } from '../../lib/clock';
import { buildSmsTestApp, phoneLogin, sendCode, type SmsTestApp } from '../sms/sms.test-helpers';
import { findUserByEmail, findUserByPhone } from '../users/users.repository';

const REDIS = Boolean(process.env.TEST_REDIS_URL);

/** Bans after 3 points, for a minute (or `durationMs`); one point per failed login or refused send. */
const bans = (over: DeepPartial<AppConfig['bans']> = {}): DeepPartial<AppConfig> => ({
  bans: { interval: 3, durationMs: 60_000, scores: { login: 1, message: 1, illegalModel: 2 }, ...over },
});

const expectBanned = (res: { statusCode: number; json: <T>() => T }) => {
  expect(res.statusCode).toBe(403);
  expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'BANNED', message: AUTH_MESSAGES.banned });
};

const ask = (t: TestApp, token: string, ip: string, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API.ask}/openAI`,
    remoteAddress: ip,
    headers: { authorization: `Bearer ${token}`, [STREAM_FRAMES_HEADER]: DELTA_FRAMES },
    payload: { text: 'hello', parentMessageId: '00000000-0000-0000-0000-000000000000', ...body },
  });

const me = (t: TestApp, token: string, ip: string) =>
  t.app.inject({
    method: 'GET',
    url: API.user,
    remoteAddress: ip,
    headers: { authorization: `Bearer ${token}` },
  });

describe.each(testDialects())('violations and bans on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
  });
  const build = (over: DeepPartial<AppConfig> = bans()) => buildTestApp(dialect, over, { redis: REDIS });

  it('bans the IP at the threshold of failed logins, but not the account a stranger guessed at', async () => {
    t = await build();
    const owner = await newUser(t.app, { email: 'owner@example.com' });
    const wrong = () => postLogin(t.app, 'owner@example.com', 'not the password', '10.9.0.1');
    expect((await wrong()).statusCode).toBe(401);
    expect((await wrong()).statusCode).toBe(401);
    // Two points of three: the right password still works from there.
    expect((await postLogin(t.app, 'owner@example.com', PASSWORD, '10.9.0.1')).statusCode).toBe(200);
    expect((await wrong()).statusCode).toBe(401);
    // The third point banned the IP: sign-in, sign-up and signed-in calls from it are refused.
    expectBanned(await postLogin(t.app, 'owner@example.com', PASSWORD, '10.9.0.1'));
    expectBanned(await postRegister(t.app, registration({ email: 'new@example.com' }), '10.9.0.1'));
    expectBanned(await me(t, owner.token, '10.9.0.1'));
    // The owner, elsewhere, is not banned.
    expect((await postLogin(t.app, 'owner@example.com', PASSWORD, '10.9.0.2')).statusCode).toBe(200);
    expect((await me(t, owner.token, '10.9.0.2')).statusCode).toBe(200);
  });

  it('behind one proxy, bans the address the proxy appended, never the one a client wrote', async () => {
    t = await build({ ...bans(), trustProxy: 1 });
    const victim = await newUser(t.app, { email: 'victim@example.com' });
    // Through the proxy at 127.0.0.1, which appends the address it saw to what the client sent.
    const login = (forwardedFor: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: API.login,
        payload: { email: 'victim@example.com', password },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // The attacker (1.2.3.4) names the victim's address (6.6.6.6) in every guess.
    for (let i = 0; i < 3; i++)
      expect((await login('6.6.6.6, 1.2.3.4', 'not the password')).statusCode).toBe(401);
    expectBanned(await login('6.6.6.6, 1.2.3.4', PASSWORD));
    expectBanned(await login('7.7.7.7, 1.2.3.4', PASSWORD));
    expect((await login('6.6.6.6', PASSWORD)).statusCode).toBe(200);
    expect((await me(t, victim.token, '6.6.6.6')).statusCode).toBe(200);
  });

  it('refuses a refresh from a banned IP, and keeps the cookie for when the ban ends', async () => {
    t = await build();
    const owner = await newUser(t.app, { email: 'owner@example.com' });
    const refresh = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: API.refresh,
        remoteAddress: ip,
        cookies: { [REFRESH_COOKIE]: owner.cookie },
      });
    for (let i = 0; i < 3; i++) await postLogin(t.app, 'owner@example.com', 'not the password', '10.9.1.1');
    const refused = await refresh('10.9.1.1');
    expectBanned(refused);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await refresh('10.9.1.2')).statusCode).toBe(200);
  });

  it('bans the user and the IP after message-limit refusals; another account from that IP is refused too', async () => {
    t = await build({
      ...bans(),
      messageLimits: { limitMessageUser: true, messageUserMax: 1, limitMessageIp: false },
    });
    const spammer = await newUser(t.app, { email: 'spam@example.com' });
    const neighbour = await newUser(t.app, { email: 'next@example.com' });
    // The first send passes the limit (and fails later: no provider is configured); the next three are refused.
    expect((await ask(t, spammer.token, '10.9.1.1')).statusCode).not.toBe(429);
    expect((await ask(t, spammer.token, '10.9.1.1')).statusCode).toBe(429);
    expect((await ask(t, spammer.token, '10.9.1.1')).statusCode).toBe(429);
    expect((await me(t, spammer.token, '10.9.1.1')).statusCode).toBe(200);
    expect((await ask(t, spammer.token, '10.9.1.1')).statusCode).toBe(429);

    // The user is banned wherever they come from, and so is the IP, whoever uses it.
    expectBanned(await me(t, spammer.token, '10.9.1.2'));
    expectBanned(await postLogin(t.app, 'spam@example.com', PASSWORD, '10.9.1.2'));
    expectBanned(await me(t, neighbour.token, '10.9.1.1'));
    expect((await me(t, neighbour.token, '10.9.1.3')).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .select('banned_until')
      .where('id', '=', spammer.user.id)
      .executeTakeFirstOrThrow();
    const left = Date.parse(row.banned_until!) - Date.now();
    expect(left).toBeGreaterThan(55_000);
    expect(left).toBeLessThanOrEqual(60_000);
  });

  it("refuses a model outside the operator's list with illegal_model_request, and scores it", async () => {
    t = await build({
      ...bans(),
      providers: {
        openAI: { apiKey: 'sk-test', reverseProxy: 'http://127.0.0.1:9/v1', models: ['gpt-4.1'] },
      },
    });
    const user = await newUser(t.app);
    const res = await ask(t, user.token, '10.9.2.1', { model: 'gpt-5' });
    expect(res.statusCode).toBe(403);
    expect(res.json<ApiErrorBody>().message).toBe('{"type":"illegal_model_request","model":"gpt-5"}');
    expect((await me(t, user.token, '10.9.2.1')).statusCode).toBe(200);
    // Two points each: the second crosses three.
    expect((await ask(t, user.token, '10.9.2.1', { model: 'gpt-5' })).statusCode).toBe(403);
    expectBanned(await me(t, user.token, '10.9.2.9'));
  });

  it('lets the user and the IP back in once BAN_DURATION has passed', async () => {
    // The clock (Date only) is faked before the app is built, so the in-memory IP bans read it as the rows do.
    vi.useFakeTimers({ toFake: ['Date'] });
    t = await build(bans({ interval: 1, durationMs: 400 }));
    const user = await newUser(t.app, { email: 'brief@example.com' });
    expect((await postLogin(t.app, 'brief@example.com', 'wrong password', '10.9.3.1')).statusCode).toBe(401);
    expectBanned(await me(t, user.token, '10.9.3.1'));
    vi.setSystemTime(Date.now() + 500);
    if (t.redis) {
      // In Redis the IP's ban is a key that expires with it, on Redis's own clock: wait for that expiry itself.
      const key = `${t.config.rateLimits.rateLimitPrefix}ban-ip:10.9.3.1`;
      const ttl = await t.redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(400);
      const redis = t.redis;
      await vi.waitFor(async () => expect(await redis.exists(key)).toBe(0), { timeout: 2_000, interval: 20 });
    }
    expect((await me(t, user.token, '10.9.3.1')).statusCode).toBe(200);
    expect((await postLogin(t.app, 'brief@example.com', PASSWORD, '10.9.3.1')).statusCode).toBe(200);
  });

  it("refuses sign-ups from a banned account's addresses during its ban, kept on the account's row", async () => {
    t = await buildSmsTestApp(dialect, bans(), { redis: REDIS });
    const sms = t as SmsTestApp;
    const signUp = (email: string, ip: string) => postRegister(t.app, registration({ email }), ip);
    expect((await signUp('first@example.com', '10.9.6.1')).statusCode).toBe(201);
    const first = (await findUserByEmail(t.database.db, 'first@example.com'))!;
    expect(first.signup_ip).toBe('10.9.6.1');
    const ban = (banned_until: string | null, banned_ip: string | null = null) =>
      t.database.db
        .updateTable('users')
        .set({ banned_until, banned_ip })
        .where('id', '=', first.id)
        .execute();
    // An operator's ban (npm run admin -- ban) is on the row alone: its sign-up address makes no new account.
    await ban(isoIn(3600));
    expectBanned(await signUp('second@example.com', '10.9.6.1'));
    // Nor a phone sign-up, and the code stays usable for when it may.
    expect((await sendCode(t.app, '13800138006', '10.9.6.1')).statusCode).toBe(200);
    const code = sms.codeFor('13800138006');
    const phoneBody = { phone: '13800138006', verifyCode: code, password: PASSWORD };
    expectBanned(await phoneLogin(t.app, phoneBody, '10.9.6.1'));
    expect(await findUserByPhone(t.database.db, '13800138006')).toBeUndefined();
    // Elsewhere, sign-ups go on.
    expect((await signUp('third@example.com', '10.9.6.2')).statusCode).toBe(201);
    // A violation's ban keeps its address on the row: it holds after the in-memory IP ban is gone (a restart).
    await ban(isoIn(3600), '10.9.6.3');
    expectBanned(await signUp('fourth@example.com', '10.9.6.3'));
    // The ban over, both addresses sign up again, and the phone's code still works.
    await ban(new Date(Date.now() - 1000).toISOString(), '10.9.6.3');
    expect((await signUp('fifth@example.com', '10.9.6.3')).statusCode).toBe(201);
    expect((await phoneLogin(t.app, phoneBody, '10.9.6.1')).statusCode).toBe(201);
  });

  it('keeps the address a violation banned a user from on their row', async () => {
    t = await build({
      ...bans(),
      messageLimits: { limitMessageUser: true, messageUserMax: 1, limitMessageIp: false },
    });
    const spammer = await newUser(t.app, { email: 'spam2@example.com' });
    for (let i = 0; i < 4; i++) await ask(t, spammer.token, '10.9.7.1');
    const row = (await findUserByEmail(t.database.db, 'spam2@example.com'))!;
    expect(row.banned_ip).toBe('10.9.7.1');
    expectBanned(await postRegister(t.app, registration({ email: 'again@example.com' }), '10.9.7.1'));
  });

  it('with BAN_VIOLATIONS=false scores violations but bans nobody', async () => {
    t = await build(bans({ enabled: false, interval: 1 }));
    const user = await newUser(t.app, { email: 'free@example.com' });
    for (let i = 0; i < 3; i++) {
      expect((await postLogin(t.app, 'free@example.com', 'wrong password', '10.9.4.1')).statusCode).toBe(401);
    }
    expect((await me(t, user.token, '10.9.4.1')).statusCode).toBe(200);
  });
});

// Like the login limits' Redis test: two instances on SQLite, one Redis prefix.
describe.runIf(REDIS)('bans with Redis', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((a) => a.close()));
  });

  it('shares scores and IP bans between instances', async () => {
    const prefix = `parley-test:${randomBytes(6).toString('hex')}:`;
    const config = { ...bans(), rateLimits: { rateLimitPrefix: prefix } };
    const a = await buildTestApp('sqlite', config, { redis: true });
    apps.push(a);
    const b = await buildTestApp('sqlite', config, { redis: true });
    apps.push(b);
    expect((await postLogin(a.app, 'x@example.com', 'wrong password', '10.9.5.1')).statusCode).toBe(401);
    expect((await postLogin(b.app, 'x@example.com', 'wrong password', '10.9.5.1')).statusCode).toBe(401);
    expect((await postLogin(a.app, 'x@example.com', 'wrong password', '10.9.5.1')).statusCode).toBe(401);
    expectBanned(await postLogin(b.app, 'x@example.com', 'wrong password', '10.9.5.1'));
    expect(await a.redis!.pttl(`${prefix}ban-ip:10.9.5.1`)).toBeGreaterThan(55_000);
    await a.redis!.del(...(await a.redis!.keys(`${prefix}*`)));
  });
});
