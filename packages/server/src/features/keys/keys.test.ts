import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@parley/shared';
import { buildTestApp, testConfig, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { deleteKey, getKey, inAnHour, MISTRAL_YAML, putKey } from './keys.test-helpers';
import { getUserKey } from './keys.service';
import { newUser } from '../../../test/factories.test-helpers';

const SECRET = 'sk-very-secret-value-123';

describe.each(testDialects())('user keys on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const deps = () => ({ config: testConfig(), database: t.database, redis: null });
  const rows = (userId: string) =>
    t.database.db.selectFrom('user_keys').selectAll().where('user_id', '=', userId).execute();

  it('stores a key encrypted and never answers its value', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    const expiresAt = inAnHour();
    const created = await putKey(t.app, token, { name: 'openAI', value: SECRET, expiresAt });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ name: 'openAI', expiresAt });
    const replaced = await putKey(t.app, token, { name: 'openAI', value: `${SECRET}-2` });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual({ name: 'openAI', expiresAt: null });
    const got = await getKey(t.app, token, 'openAI');
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ expiresAt: 'never' });
    for (const res of [created, replaced, got]) expect(res.body).not.toContain(SECRET);
    const [row] = await rows(user.id);
    expect(row?.value).not.toContain(SECRET);
    expect(row?.value).toMatch(/^v1:/);
    expect(await getUserKey(deps(), user.id, 'openAI')).toBe(`${SECRET}-2`);
  });

  it('stores gptPlugins under openAI', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    const res = await putKey(t.app, token, { name: 'gptPlugins', value: SECRET });
    expect(res.json()).toEqual({ name: 'openAI', expiresAt: null });
    expect((await getKey(t.app, token, 'openAI')).statusCode).toBe(200);
    expect(await getUserKey(deps(), user.id, 'gptPlugins')).toBe(SECRET);
  });

  it('refuses a tampered value, and one copied into another row', async () => {
    t = await buildTestApp(dialect);
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    await putKey(t.app, a.token, { name: 'anthropic', value: SECRET });
    await putKey(t.app, b.token, { name: 'anthropic', value: 'other' });
    const [row] = await rows(a.user.id);
    await t.database.db
      .updateTable('user_keys')
      .set({ value: row!.value })
      .where('user_id', '=', b.user.id)
      .execute();
    await expect(getUserKey(deps(), b.user.id, 'anthropic')).rejects.toThrow(/could not be decrypted/);
    const tampered = row!.value.slice(0, -4) + (row!.value.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    await t.database.db
      .updateTable('user_keys')
      .set({ value: tampered })
      .where('user_id', '=', a.user.id)
      .execute();
    await expect(getUserKey(deps(), a.user.id, 'anthropic')).rejects.toThrow(/could not be decrypted/);
  });

  it('refuses a missing value, a bad or past expiry and unknown endpoints', async () => {
    t = await buildTestApp(dialect, { yaml: MISTRAL_YAML });
    const { token, user } = await newUser(t.app);
    const cases: [object, string][] = [
      [{ name: 'openAI' }, 'value is required'],
      [{ name: 'openAI', value: '  ' }, 'value is required'],
      [
        { name: 'openAI', value: 'x', expiresAt: new Date(Date.now() - 1000).toISOString() },
        'expiresAt must not be in the past',
      ],
      [{ name: 'openAI', value: 'x', expiresAt: 'tomorrow' }, 'expiresAt: must be an ISO 8601 date-time'],
      [{ name: 'nope', value: 'x' }, 'name: unknown endpoint "nope"'],
      [{ name: 'sydney', value: 'x' }, 'name: unknown endpoint "sydney"'],
      [{ name: 'Fixed', value: 'x' }, 'name: endpoint "Fixed" does not take a user-provided key'],
    ];
    for (const [body, message] of cases) {
      const res = await putKey(t.app, token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<ApiErrorBody>().message).toBe(message);
    }
    // The legacy services take a plain value: chatGPTBrowser's access token, bingAI's cookie (a whole header too).
    for (const [name, value] of [
      ['chatGPTBrowser', 'eyJ-token'],
      ['bingAI', 'SRCHD=AF=NOFORM; _U=abc'],
    ] as const) {
      expect((await putKey(t.app, token, { name, value })).statusCode).toBe(201);
      expect(await getUserKey(deps(), user.id, name)).toBe(value);
    }
  });

  it('deletes an expired key when it is read: GET says none and getUserKey says expired', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    await putKey(t.app, token, { name: 'openAI', value: SECRET, expiresAt: inAnHour() });
    await putKey(t.app, token, { name: 'google', value: 'gemini-key', expiresAt: inAnHour() });
    const past = new Date(Date.now() - 60_000).toISOString();
    await t.database.db
      .updateTable('user_keys')
      .set({ expires_at: past })
      .where('user_id', '=', user.id)
      .execute();
    expect((await getKey(t.app, token, 'openAI')).json()).toEqual({ expiresAt: null });
    expect(await rows(user.id)).toEqual([]); // every expired key of the user is purged on a read
    await putKey(t.app, token, { name: 'anthropic', value: SECRET, expiresAt: inAnHour() });
    await t.database.db
      .updateTable('user_keys')
      .set({ expires_at: past })
      .where('user_id', '=', user.id)
      .execute();
    const error = await getUserKey(deps(), user.id, 'anthropic').catch((e: Error) => e);
    expect((error as Error).message).toBe(JSON.stringify({ type: 'expired_user_key', expiredAt: past }));
    expect(await rows(user.id)).toEqual([]);
  });

  it('getUserKey without a key throws no_user_key', async () => {
    t = await buildTestApp(dialect);
    const { user } = await newUser(t.app);
    await expect(getUserKey(deps(), user.id, 'openAI')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: '{"type":"no_user_key"}',
    });
  });

  it('GET without a stored key is 200 {expiresAt: null}, without a name 400; 401 without a token', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    const none = await getKey(t.app, token, 'openAI');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ expiresAt: null });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/keys', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/keys', payload: { name: 'openAI', value: 'x' } }))
        .statusCode,
    ).toBe(401);
  });

  it('deletes one key or all of them, leaving other users alone', async () => {
    t = await buildTestApp(dialect);
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    for (const { token } of [a, b]) {
      await putKey(t.app, token, { name: 'openAI', value: SECRET });
      await putKey(t.app, token, { name: 'anthropic', value: SECRET });
    }
    expect((await deleteKey(t.app, a.token, '/api/keys/openAI')).statusCode).toBe(204);
    expect((await getKey(t.app, a.token, 'openAI')).json()).toEqual({ expiresAt: null });
    expect((await getKey(t.app, a.token, 'anthropic')).json()).toEqual({ expiresAt: 'never' });
    expect((await deleteKey(t.app, a.token, '/api/keys')).statusCode).toBe(400);
    expect((await deleteKey(t.app, a.token, '/api/keys?all=true')).statusCode).toBe(204);
    expect(await rows(a.user.id)).toEqual([]);
    expect(await rows(b.user.id)).toHaveLength(2);
    expect((await getKey(t.app, b.token, 'openAI')).statusCode).toBe(200);
  });
});
