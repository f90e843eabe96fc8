import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Preset } from '@parley/shared';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newPreset, newUser } from '../../../test/factories.test-helpers';

const YAML = {
  version: '1.0.3',
  endpoints: {
    custom: [
      { name: 'Mistral', apiKey: 'user_provided', baseURL: 'user_provided', models: { default: ['m'] } },
    ],
  },
};

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const save = (app: FastifyInstance, token: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/presets', headers: auth(token), payload });
const list = async (app: FastifyInstance, token: string) =>
  (await app.inject({ method: 'GET', url: '/api/presets', headers: auth(token) })).json<Preset[]>();
const remove = (app: FastifyInstance, token: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/presets/delete', headers: auth(token), payload });
const preset = (over: object = {}) => ({
  title: 'Terse',
  endpoint: 'openAI',
  model: 'gpt-4',
  temperature: 0.5,
  ...over,
});

describe.each(testDialects())('presets on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('creates from {preset} or a bare preset, strips unknown fields and answers the list', async () => {
    t = await buildTestApp(dialect, { yaml: YAML });
    const { token, user } = await newUser(t.app);
    const res = await save(t.app, token, { preset: preset({ conversationId: 'c1', bogus: 1 }) });
    expect(res.statusCode).toBe(201);
    const [first] = res.json<Preset[]>();
    expect(first).toMatchObject({ title: 'Terse', endpoint: 'openAI', model: 'gpt-4', temperature: 0.5 });
    expect(first).not.toHaveProperty('order');
    expect(first).toMatchObject({ defaultPreset: false, user: user.id });
    expect(first).not.toHaveProperty('conversationId');
    expect(first).not.toHaveProperty('bogus');
    const bare = await save(t.app, token, preset({ title: 'Mistral one', endpoint: 'Mistral' }));
    expect(bare.statusCode).toBe(201);
    expect(bare.json<Preset[]>().find((p) => p.endpoint === 'Mistral')?.endpointType).toBe('custom');
    expect(await list(t.app, token)).toHaveLength(2);
  });

  it('updates by presetId; presetId null imports as new', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    const [created] = (await save(t.app, token, { preset: preset() })).json<Preset[]>();
    const updated = await save(t.app, token, { preset: { ...created, title: 'Renamed', temperature: 1 } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Preset[]>()).toEqual([
      expect.objectContaining({ presetId: created!.presetId, title: 'Renamed', temperature: 1 }),
    ]);
    const imported = await save(t.app, token, { preset: { ...created, presetId: null } });
    expect(imported.statusCode).toBe(201);
    const ids = imported.json<Preset[]>().map((p) => p.presetId);
    expect(new Set(ids).size).toBe(2);
  });

  it('keeps exactly one default, also when two saves race', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    const [a] = (await save(t.app, token, { preset: preset({ title: 'A', defaultPreset: true }) })).json<
      Preset[]
    >();
    const afterB = (await save(t.app, token, { preset: preset({ title: 'B', defaultPreset: true }) })).json<
      Preset[]
    >();
    expect(afterB.filter((p) => p.defaultPreset).map((p) => p.title)).toEqual(['B']);
    const unset = (
      await save(t.app, token, { preset: { ...afterB.find((p) => p.title === 'B'), defaultPreset: false } })
    ).json<Preset[]>();
    expect(unset.filter((p) => p.defaultPreset)).toEqual([]);
    const racers = await Promise.all(
      ['C', 'D', 'E', 'F'].map((title) =>
        save(t.app, token, { preset: preset({ title, defaultPreset: true }) }),
      ),
    );
    expect(racers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    await Promise.all([
      save(t.app, token, { preset: { ...a, defaultPreset: true } }),
      save(t.app, token, { preset: preset({ title: 'G', defaultPreset: true }) }),
    ]);
    expect((await list(t.app, token)).filter((p) => p.defaultPreset)).toHaveLength(1);
  });

  it('lists by order (unordered last), then most recently updated', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    // Saved in this order, each a second after the one before (nextIso).
    for (const [title, order] of [
      ['x', null],
      ['y', 2],
      ['z', 1],
      ['w', null],
    ] as const) {
      await newPreset(t.database.db, user.id, { title, order });
    }
    expect((await list(t.app, token)).map((p) => p.title)).toEqual(['z', 'y', 'w', 'x']);
  });

  it("answers 404 for another user's preset and leaves it alone", async () => {
    t = await buildTestApp(dialect);
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const mine = await newPreset(t.database.db, a.user.id, { title: 'Terse' });
    const stolen = preset({ presetId: mine.preset_id, title: 'Stolen' });
    expect((await save(t.app, b.token, { preset: stolen })).statusCode).toBe(404);
    expect((await save(t.app, b.token, { preset: preset({ presetId: 'no-such-id' }) })).statusCode).toBe(404);
    expect((await remove(t.app, b.token, { arg: { presetId: mine.preset_id } })).statusCode).toBe(404);
    expect((await remove(t.app, b.token, { arg: {} })).json()).toEqual({
      acknowledged: true,
      deletedCount: 0,
    });
    expect(await list(t.app, a.token)).toEqual([expect.objectContaining({ title: 'Terse' })]);
    expect(await list(t.app, b.token)).toEqual([]);
  });

  it('deletes one, then all', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    await save(t.app, token, { preset: preset({ title: 'one' }) });
    const all = (await save(t.app, token, { preset: preset({ title: 'two' }) })).json<Preset[]>();
    const one = await remove(t.app, token, { arg: all[0] });
    expect(one.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    await save(t.app, token, { preset: preset({ title: 'three' }) });
    expect((await remove(t.app, token, { arg: { presetId: null } })).statusCode).toBe(400);
    expect((await remove(t.app, token, {})).statusCode).toBe(400);
    expect((await remove(t.app, token, { arg: {} })).json()).toEqual({ acknowledged: true, deletedCount: 2 });
    expect(await list(t.app, token)).toEqual([]);
  });

  it("takes the LibreChat client's forms: the bare preset deletes it, no body at all deletes all", async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    await save(t.app, token, { preset: preset({ title: 'one' }) });
    const all = (await save(t.app, token, { preset: preset({ title: 'two' }) })).json<Preset[]>();
    const one = await remove(t.app, token, all[0]!);
    expect(one.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await remove(t.app, token, { ...all[0], presetId: 'no-such-id' })).statusCode).toBe(404);
    // An unsaved preset (presetId null) and a JSON body that is empty never wipe the list.
    const unsaved = await remove(t.app, token, { ...all[1], presetId: null });
    expect(unsaved.statusCode).toBe(400);
    expect(unsaved.json<ApiErrorBody>().field).toBe('arg.presetId');
    const emptyJson = await t.app.inject({
      method: 'POST',
      url: '/api/presets/delete',
      headers: { ...auth(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyJson.statusCode).toBe(400);
    expect(await list(t.app, token)).toHaveLength(1);
    const noBody = await t.app.inject({ method: 'POST', url: '/api/presets/delete', headers: auth(token) });
    expect(noBody.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await list(t.app, token)).toEqual([]);
  });

  it('answers 400 naming the field for a bad payload', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    const cases: [object, string][] = [
      [{ preset: { endpoint: 'openAI' } }, 'title'],
      [{ preset: preset({ title: '  ' }) }, 'title'],
      [{ preset: preset({ title: 'x'.repeat(201) }) }, 'title'],
      [{ preset: preset({ endpoint: undefined }) }, 'endpoint'],
      [{ preset: preset({ endpoint: 'Nowhere' }) }, 'endpoint'],
      [{ preset: preset({ temperature: 'hot' }) }, 'temperature'],
      [{ preset: preset({ imageDetail: 'max' }) }, 'imageDetail'],
    ];
    for (const [body, field] of cases) {
      const res = await save(t.app, token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<ApiErrorBody>().field).toBe(field);
      expect(res.json<ApiErrorBody>().message).toMatch(new RegExp(`^${field}: `));
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/presets' })).statusCode).toBe(401);
  });
});
