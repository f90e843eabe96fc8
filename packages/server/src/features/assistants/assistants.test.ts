import { afterEach, describe, expect, it } from 'vitest';
import type {
  ApiErrorBody,
  Assistant,
  AssistantDocument,
  AssistantList,
  EndpointsConfig,
  ModelsConfig,
} from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newFile, newUser } from '../../../test/factories.test-helpers';
import { assistantsCall, assistantsConfig, insertAssistant } from './assistants.test-helpers';

describe.each(testDialects())('assistants on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const start = async (assistants: Record<string, unknown> = {}) => {
    t = await buildTestApp(dialect, assistantsConfig(assistants));
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    return { a, b, callA: assistantsCall(t.app, a.token), callB: assistantsCall(t.app, b.token) };
  };

  it("creates, reads, changes and deletes an assistant in OpenAI's shapes", async () => {
    const { callA } = await start();
    const created = await callA('POST', '/api/assistants', {
      name: '翻译助手',
      description: 'Translates',
      instructions: 'Translate to English.',
      model: 'gpt-4o',
    });
    expect(created.statusCode).toBe(201);
    const assistant = created.json<Assistant>();
    expect(assistant).toEqual({
      id: expect.stringMatching(/^asst_[A-Za-z0-9_-]{24}$/),
      object: 'assistant',
      created_at: expect.any(Number),
      name: '翻译助手',
      description: 'Translates',
      instructions: 'Translate to English.',
      model: 'gpt-4o',
      tools: [],
      file_ids: [],
      metadata: {},
    });
    expect(Math.abs(assistant.created_at - Date.now() / 1000)).toBeLessThan(60);

    expect((await callA('GET', `/api/assistants/${assistant.id}`)).json()).toEqual(assistant);

    const changed = await callA('PATCH', `/api/assistants/${assistant.id}`, {
      description: null,
      model: 'gpt-4o-mini',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Assistant>()).toEqual({ ...assistant, description: null, model: 'gpt-4o-mini' });

    const deleted = await callA('DELETE', `/api/assistants/${assistant.id}`);
    expect(deleted.json()).toEqual({ id: assistant.id, object: 'assistant.deleted', deleted: true });
    expect((await callA('GET', `/api/assistants/${assistant.id}`)).statusCode).toBe(404);
    expect((await callA('DELETE', `/api/assistants/${assistant.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another user's assistant on every call, and changes nothing", async () => {
    const { callA, callB } = await start();
    const { id } = (
      await callA('POST', '/api/assistants', { name: 'Mine', model: 'gpt-4o' })
    ).json<Assistant>();
    expect((await callB('GET', `/api/assistants/${id}`)).statusCode).toBe(404);
    expect((await callB('PATCH', `/api/assistants/${id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await callB('DELETE', `/api/assistants/${id}`)).statusCode).toBe(404);
    expect((await callB('GET', '/api/assistants')).json<AssistantList>().data).toEqual([]);
    expect((await callB('GET', '/api/assistants/documents')).json()).toEqual([]);
    expect((await callA('GET', `/api/assistants/${id}`)).json<Assistant>().name).toBe('Mine');
  });

  it('refuses fields over their limits, a wrong type and a missing model with 400, saving nothing', async () => {
    const { callA } = await start();
    const cases: [object, string][] = [
      [{ model: 'gpt-4o', name: 'n'.repeat(257) }, 'name'],
      [{ model: 'gpt-4o', description: 'd'.repeat(513) }, 'description'],
      [{ model: 'gpt-4o', instructions: 'i'.repeat(32_769) }, 'instructions'],
      [{ model: 'gpt-4o', name: 42 }, 'name'],
      [{ name: 'No model' }, 'model'],
    ];
    for (const [body, field] of cases) {
      const res = await callA('POST', '/api/assistants', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', field });
    }
    // The limits themselves are allowed.
    const atLimits = await callA('POST', '/api/assistants', {
      model: 'gpt-4o',
      name: 'n'.repeat(256),
      description: 'd'.repeat(512),
      instructions: 'i'.repeat(32_768),
    });
    expect(atLimits.statusCode).toBe(201);
    expect((await callA('GET', '/api/assistants')).json<AssistantList>().data).toHaveLength(1);
  });

  it('takes only models some endpoint serves with tools, and remembers which endpoint that is', async () => {
    const { callA } = await start();
    for (const model of ['nowhere-1', 'gpt-3.5-turbo-instruct', 'gpt-4o-2099']) {
      const res = await callA('POST', '/api/assistants', { model });
      expect(res.statusCode, model).toBe(400);
      expect(res.json<ApiErrorBody>()).toMatchObject({
        field: 'model',
        message: `model: "${model}" is not offered for assistants`,
      });
    }
    const { id } = (await callA('POST', '/api/assistants', { model: 'gpt-4o' })).json<Assistant>();
    const row = await t.database.db
      .selectFrom('assistants')
      .select('model_endpoint')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.model_endpoint).toBe('openAI');
    expect((await callA('PATCH', `/api/assistants/${id}`, { model: 'nowhere-1' })).statusCode).toBe(400);
    expect((await callA('GET', `/api/assistants/${id}`)).json<Assistant>().model).toBe('gpt-4o');
  });

  it('lists the endpoint and its served models beside the others', async () => {
    const { callA } = await start({ disableBuilder: true });
    const endpoints = (await callA('GET', '/api/endpoints')).json<EndpointsConfig>();
    expect(endpoints.assistants).toEqual({
      type: 'assistants',
      userProvide: false,
      userProvideURL: false,
      azure: false,
      disableBuilder: true,
      order:
        Math.max(
          ...Object.entries(endpoints)
            .filter(([n]) => n !== 'assistants')
            .map(([, e]) => e.order),
        ) + 1,
    });
    expect((await callA('GET', '/api/models')).json<ModelsConfig>().assistants).toEqual([
      'gpt-4o',
      'gpt-4o-mini',
    ]);
  });

  it('turns plugin keys into their functions, keeps the capabilities allowed, and takes no action function from a client', async () => {
    const { callA } = await start({ capabilities: ['retrieval', 'actions'] });
    const res = await callA('POST', '/api/assistants', {
      model: 'gpt-4o',
      tools: [
        'calculator',
        { type: 'retrieval' },
        {
          type: 'function',
          function: { name: 'calculator', description: 'ignored: the server describes it' },
        },
        { type: 'function', function: { name: 'getWeather_action_evil---example---com' } },
      ],
    });
    expect(res.statusCode).toBe(201);
    const { tools } = res.json<Assistant>();
    expect(tools).toHaveLength(2);
    expect(tools[0]).toMatchObject({
      type: 'function',
      function: { name: 'calculator', parameters: { type: 'object' } },
    });
    expect(tools[0]).not.toMatchObject({ function: { description: 'ignored: the server describes it' } });
    expect(tools[1]).toEqual({ type: 'retrieval' });

    const off = await callA('POST', '/api/assistants', {
      model: 'gpt-4o',
      tools: [{ type: 'code_interpreter' }],
    });
    expect(off.statusCode).toBe(400);
    expect(off.json<ApiErrorBody>().message).toBe('tools: code_interpreter is turned off on this server');
    const unknown = await callA('POST', '/api/assistants', { model: 'gpt-4o', tools: ['no-such-plugin'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiErrorBody>().message).toBe('tools: "no-such-plugin" is not a tool of this server');
  });

  it("keeps the assistant's action functions when a client sends tools without them", async () => {
    const { a, callA } = await start();
    const { id } = (
      await callA('POST', '/api/assistants', { model: 'gpt-4o', tools: ['calculator'] })
    ).json<Assistant>();
    const action = {
      type: 'function',
      function: { name: 'getForecast_action_api---weather---example', parameters: {} },
    };
    await t.database.db
      .updateTable('assistants')
      .set({ tools: JSON.stringify([action]) })
      .where('id', '=', id)
      .where('user_id', '=', a.user.id)
      .execute();
    const res = await callA('PATCH', `/api/assistants/${id}`, { tools: [{ type: 'code_interpreter' }] });
    expect(res.json<Assistant>().tools).toEqual([{ type: 'code_interpreter' }, action]);
  });

  it("takes the user's own files only", async () => {
    const { a, b, callA } = await start();
    const mine = await newFile(t.database.db, a.user.id, { context: 'assistants' });
    const theirs = await newFile(t.database.db, b.user.id, { context: 'assistants' });
    const refused = await callA('POST', '/api/assistants', {
      model: 'gpt-4o',
      file_ids: [mine.file_id, theirs.file_id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiErrorBody>()).toMatchObject({
      field: 'file_ids',
      message: `file_ids: no file "${theirs.file_id}"`,
    });
    const ok = await callA('POST', '/api/assistants', {
      model: 'gpt-4o',
      file_ids: [mine.file_id, mine.file_id],
    });
    expect(ok.json<Assistant>().file_ids).toEqual([mine.file_id]);
  });

  it('pages newest first with limit, after and before, and says whether there is more', async () => {
    const { callA } = await start();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (await callA('POST', '/api/assistants', { model: 'gpt-4o', name: `A${i}` })).json<Assistant>().id,
      );
    }
    const page = (query: string) =>
      callA('GET', `/api/assistants?${query}`).then((r) => r.json<AssistantList>());
    // Two made within one millisecond are ordered by id, so the whole list is the order pages must follow.
    const whole = (await page('limit=100')).data;
    expect(whole.map((x) => x.id).sort()).toEqual([...ids].sort());
    expect(whole.map((x) => x.created_at)).toEqual(whole.map((x) => x.created_at).sort((x, y) => y - x));
    const newest = whole.map((x) => x.id);
    const first = await page('limit=2');
    expect(first).toEqual({
      object: 'list',
      data: expect.any(Array),
      first_id: newest[0],
      last_id: newest[1],
      has_more: true,
    });
    expect(first.data.map((x) => x.id)).toEqual(newest.slice(0, 2));
    const second = await page(`limit=2&after=${first.last_id}`);
    expect(second.data.map((x) => x.id)).toEqual(newest.slice(2, 4));
    const last = await page(`limit=2&after=${second.last_id}`);
    expect(last).toMatchObject({ has_more: false, first_id: newest[4], last_id: newest[4] });
    const back = await page(`limit=2&before=${last.first_id}`);
    expect(back.data.map((x) => x.id)).toEqual(newest.slice(2, 4));
    expect((await page('order=asc&limit=3')).data.map((x) => x.id)).toEqual(
      [...newest].reverse().slice(0, 3),
    );
    expect((await callA('GET', '/api/assistants?limit=0')).statusCode).toBe(400);
    expect((await callA('GET', '/api/assistants?limit=101')).statusCode).toBe(400);
    expect((await callA('GET', '/api/assistants?after=asst_unknown')).statusCode).toBe(400);
  });

  it("lists only the operator's supportedIds, or all but the excludedIds", async () => {
    const listed = async (settings: Record<string, unknown>) => {
      const { a, callA } = await start(settings);
      for (const [i, id] of ['asst_one', 'asst_two', 'asst_three'].entries()) {
        const at = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
        await insertAssistant(t.database.db, a.user.id, id, at);
      }
      const ids = (await callA('GET', '/api/assistants')).json<AssistantList>().data.map((x) => x.id);
      await t.close();
      return ids;
    };
    expect(await listed({})).toEqual(['asst_three', 'asst_two', 'asst_one']);
    expect(await listed({ supportedIds: ['asst_two', 'asst_one'] })).toEqual(['asst_two', 'asst_one']);
    expect(await listed({ excludedIds: ['asst_two'] })).toEqual(['asst_three', 'asst_one']);
    expect(await listed({ supportedIds: [] })).toEqual([]);
    t = await buildTestApp(dialect, assistantsConfig());
  });

  it('answers 404 everywhere when the endpoint is not configured', async () => {
    t = await buildTestApp(dialect, { providers: { openAI: { apiKey: 'sk' } } });
    const { token } = await newUser(t.app);
    const call = assistantsCall(t.app, token);
    for (const [method, url] of [
      ['GET', '/api/assistants'],
      ['POST', '/api/assistants'],
      ['GET', '/api/assistants/documents'],
      ['GET', '/api/assistants/tools'],
      ['GET', '/api/assistants/asst_x'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? { model: 'gpt-4o' } : undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<ApiErrorBody>().message).toBe('The assistants endpoint is not configured');
    }
    expect((await call('GET', '/api/endpoints')).json<EndpointsConfig>()).not.toHaveProperty('assistants');
  });

  it('refuses changes with 403 while the builder is off, and still lets users read', async () => {
    const { a, callA } = await start({ disableBuilder: true });
    expect((await callA('POST', '/api/assistants', { model: 'gpt-4o' })).statusCode).toBe(403);
    await insertAssistant(t.database.db, a.user.id, 'asst_made_before');
    expect((await callA('GET', '/api/assistants/asst_made_before')).statusCode).toBe(200);
    expect((await callA('GET', '/api/assistants')).json<AssistantList>().data).toHaveLength(1);
    expect((await callA('PATCH', '/api/assistants/asst_made_before', { name: 'x' })).statusCode).toBe(403);
    expect((await callA('DELETE', '/api/assistants/asst_made_before')).statusCode).toBe(403);
  });

  it("lists the user's documents and the plugins an assistant may use", async () => {
    const { a, callA } = await start();
    const { id } = (await callA('POST', '/api/assistants', { model: 'gpt-4o' })).json<Assistant>();
    const docs = (await callA('GET', '/api/assistants/documents')).json<AssistantDocument[]>();
    expect(docs).toEqual([
      {
        user: a.user.id,
        assistant_id: id,
        actions: [],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    const tools = (await callA('GET', '/api/assistants/tools')).json<{ pluginKey: string }[]>();
    expect(tools.map((p) => p.pluginKey)).toContain('calculator');
  });
});
