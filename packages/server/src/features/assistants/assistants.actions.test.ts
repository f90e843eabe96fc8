import { afterEach, describe, expect, it } from 'vitest';
import {
  encodeActionDomain,
  type ApiErrorBody,
  type Assistant,
  type AssistantDocument,
} from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { assistantsCall, assistantsConfig } from './assistants.test-helpers';

/** A two-operation API on this machine (the guard refuses it unless the operator allows loopback). */
const schema = (server = 'http://127.0.0.1:9/v1', ops = ['getForecast', 'listCities']) =>
  JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'Weather', version: '1' },
    servers: [{ url: server }],
    paths: Object.fromEntries(
      ops.map((op, i) => [
        `/p${i}`,
        { get: { operationId: op, summary: op, responses: { '200': { description: 'ok' } } } },
      ]),
    ),
  });

const bearer = { type: 'service_http', authorization_type: 'bearer' };

describe.each(testDialects())('assistant actions on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const start = async (assistants: Record<string, unknown> = {}, ranges = ['127.0.0.1/32']) => {
    t = await buildTestApp(dialect, {
      ...assistantsConfig(assistants),
      network: { userURLAllowedRanges: ranges },
    });
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const callA = assistantsCall(t.app, a.token);
    const callB = assistantsCall(t.app, b.token);
    const id = async (call = callA) =>
      (await call('POST', '/api/assistants', { model: 'gpt-4o', tools: ['calculator'] })).json<Assistant>()
        .id;
    return { a, b, callA, callB, id };
  };
  const save = (call: ReturnType<typeof assistantsCall>, assistantId: string, body: object) =>
    call('POST', `/api/assistants/actions/${assistantId}`, body);
  const names = (assistant: Assistant) =>
    assistant.tools.map((tool) => (tool.type === 'function' ? tool.function.name : tool.type));
  const domain = encodeActionDomain('127.0.0.1');

  it("saves an action: its functions from the schema join the assistant's tools, its secret is stored sealed and never answered", async () => {
    const { callA, id } = await start();
    const assistantId = await id();
    const res = await save(callA, assistantId, {
      metadata: { raw_spec: schema(), auth: bearer, api_key: 'sk-live-secret-123' },
      // Never read: the schema names the functions.
      functions: [{ type: 'function', function: { name: 'stealEverything', parameters: {} } }],
    });
    expect(res.statusCode).toBe(200);
    const [document, assistant, action] =
      res.json<[AssistantDocument, Assistant, { action_id: string; metadata: object }]>();
    expect(names(assistant)).toEqual([
      'calculator',
      `getForecast_action_${domain}`,
      `listCities_action_${domain}`,
    ]);
    expect(document).toMatchObject({
      assistant_id: assistantId,
      actions: [`${domain}_action_${action.action_id}`],
    });
    expect(action.metadata).toMatchObject({
      domain: '127.0.0.1',
      auth: { type: 'service_http', authorization_type: 'bearer' },
    });
    expect(action.metadata).not.toHaveProperty('api_key');
    expect(JSON.stringify(res.json())).not.toContain('sk-live-secret-123');
    const row = await t.database.db
      .selectFrom('assistant_actions')
      .select('metadata')
      .executeTakeFirstOrThrow();
    expect(row.metadata).not.toContain('sk-live-secret-123');
    expect(JSON.parse(row.metadata)).toHaveProperty('api_key');
    const listed = (await callA('GET', '/api/assistants/actions')).json<
      { action_id: string; metadata: object }[]
    >();
    expect(listed).toEqual([
      { action_id: action.action_id, assistant_id: assistantId, metadata: action.metadata },
    ]);
  });

  it("updates an action in place: the old operations' functions go, the secret is kept when left out", async () => {
    const { callA, id } = await start();
    const assistantId = await id();
    const first = await save(callA, assistantId, {
      metadata: { raw_spec: schema(), auth: bearer, api_key: 'sk-kept-1234567' },
    });
    const actionId = first.json<[unknown, unknown, { action_id: string }]>()[2].action_id;
    const second = await save(callA, assistantId, {
      action_id: actionId,
      metadata: { raw_spec: schema('http://127.0.0.1:9/v2', ['getAlerts']), auth: bearer },
    });
    expect(second.statusCode).toBe(200);
    expect(names(second.json<[unknown, Assistant]>()[1])).toEqual([
      'calculator',
      `getAlerts_action_${domain}`,
    ]);
    expect(await t.database.db.selectFrom('assistant_actions').select('action_id').execute()).toEqual([
      { action_id: actionId },
    ]);
  });

  it("refuses another user's assistant or action with 404, and a bad schema or a refused server with 400", async () => {
    const { callA, callB, id } = await start();
    const mine = await id();
    const theirs = await id(callB);
    const body = { metadata: { raw_spec: schema() } };
    expect((await save(callB, mine, body)).statusCode).toBe(404);
    const saved = await save(callA, mine, body);
    const actionId = saved.json<[unknown, unknown, { action_id: string }]>()[2].action_id;
    const takeover = await save(callB, theirs, { ...body, action_id: actionId });
    expect(takeover.statusCode).toBe(404);
    expect((await callB('DELETE', `/api/assistants/actions/${mine}/${actionId}`)).statusCode).toBe(404);
    expect((await callB('DELETE', `/api/assistants/actions/${theirs}/${actionId}`)).statusCode).toBe(404);

    const noPaths = await save(callA, mine, {
      metadata: {
        raw_spec: JSON.stringify({
          openapi: '3.0.0',
          servers: [{ url: 'https://api.example.com' }],
          paths: {},
        }),
      },
    });
    expect(noPaths.statusCode).toBe(400);
    expect(noPaths.json<ApiErrorBody>().message).toBe('No paths found in the OpenAPI spec.');
    const noKey = await save(callA, mine, { metadata: { raw_spec: schema(), auth: bearer } });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json<ApiErrorBody>().message).toMatch(/^Missing authentication fields: api_key/);
    // Nothing of the refused saves was written: one action, the assistant's tools as the first save left them.
    expect(await t.database.db.selectFrom('assistant_actions').select('action_id').execute()).toHaveLength(1);
  });

  it('refuses an action whose server is a private address the operator did not allow', async () => {
    const { callA, id } = await start({}, []);
    const res = await save(callA, await id(), { metadata: { raw_spec: schema('http://10.1.2.3/api') } });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().message).toContain('private address');
    expect(await t.database.db.selectFrom('assistant_actions').select('action_id').execute()).toEqual([]);
  });

  it('deletes an action with the functions of its domain, and answers 404 after', async () => {
    const { callA, id } = await start();
    const assistantId = await id();
    const saved = await save(callA, assistantId, { metadata: { raw_spec: schema() } });
    const actionId = saved.json<[unknown, unknown, { action_id: string }]>()[2].action_id;
    const res = await callA('DELETE', `/api/assistants/actions/${assistantId}/${actionId}`);
    expect(res.json()).toEqual({ message: 'Action deleted successfully' });
    expect(names((await callA('GET', `/api/assistants/${assistantId}`)).json<Assistant>())).toEqual([
      'calculator',
    ]);
    expect((await callA('GET', '/api/assistants/actions')).json()).toEqual([]);
    expect((await callA('DELETE', `/api/assistants/actions/${assistantId}/${actionId}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses with 403 while the builder or actions are off', async () => {
    for (const settings of [{ disableBuilder: true }, { capabilities: ['retrieval'] }]) {
      const { a, callA } = await start(settings);
      const now = new Date().toISOString();
      await t.database.db
        .insertInto('assistants')
        .values({
          id: 'asst_x',
          user_id: a.user.id,
          model: 'gpt-4o',
          model_endpoint: 'openAI',
          tools: '[]',
          file_ids: '[]',
          metadata: '{}',
          created_at: now,
          updated_at: now,
        })
        .execute();
      expect((await save(callA, 'asst_x', { metadata: { raw_spec: schema() } })).statusCode).toBe(403);
      await t.close();
    }
    t = await buildTestApp(dialect, assistantsConfig());
  });
});
