import { afterEach, describe, expect, it } from 'vitest';
import { actionAuthSchema, type ActionAuthInput } from '@parley/shared';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import { testToolContext } from '../tools/tool-context.test-helpers';
import { runToolCall } from '../tools/tool-runner';
import type { Tool } from '../tools/tool';
import { createActionTools } from './action-tools';
import type { ActionSecrets, StoredAction } from './action.types';
import {
  json,
  loopbackAllowedFetch,
  startLocalServer,
  testApiSpec,
  type LocalServer,
} from './local-api.test-helpers';

let api: LocalServer | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const actionFor = (origin: string, auth: ActionAuthInput = {}): StoredAction => ({
  action_id: 'act-1',
  assistant_id: 'asst-1',
  metadata: { raw_spec: testApiSpec(origin), domain: '127.0.0.1', auth: actionAuthSchema.parse(auth) },
});

function toolsFor(server: LocalServer, auth: ActionAuthInput = {}, secrets: ActionSecrets = {}) {
  const tools = createActionTools({
    action: actionFor(server.origin, auth),
    auth: secrets,
    guardedFetch: loopbackAllowedFetch(),
  });
  const byOp = (op: string) => tools.find((t) => t.key.startsWith(`${op}_action_`)) as Tool;
  return { tools, byOp };
}

/** A server whose /v1/answer replies 200 only with the expected header value, else 401. */
async function headerCheckingApi(header: string, expected: string | undefined) {
  return startLocalServer((req, res) => {
    const got = req.headers[header];
    if (got === expected) json(res, 200, { ok: true, saw: got ?? null });
    else json(res, 401, { error: 'wrong credentials' });
  });
}

describe('action tools', () => {
  it('makes one tool per operation, named <operationId>_action_<encoded domain>', async () => {
    api = await startLocalServer((_, res) => json(res, 200, {}));
    const { tools } = toolsFor(api);
    expect(tools.map((t) => t.key)).toEqual([
      'getItem_action_127---0---0---1',
      'createItem_action_127---0---0---1',
      'getCell_action_127---0---0---1',
      'postForm_action_127---0---0---1',
      'getAnswer_action_127---0---0---1',
    ]);
    expect(tools[0]?.description).toBe('One item');
  });

  it('calls with no auth header for auth none, and answers the JSON pretty-printed', async () => {
    api = await headerCheckingApi('authorization', undefined);
    const { byOp } = toolsFor(api);
    const outcome = await runToolCall(byOp('getAnswer'), {}, testToolContext());
    expect(outcome).toMatchObject({
      status: 'done',
      output: JSON.stringify({ ok: true, saw: null }, null, 2),
    });
  });

  it.each([
    [
      'basic with user:password, base64-encoded',
      'basic',
      'ada:s3cret',
      'authorization',
      `Basic ${Buffer.from('ada:s3cret').toString('base64')}`,
    ],
    [
      'basic with an encoded key, as it is',
      'basic',
      'YWRhOnMzY3JldA==',
      'authorization',
      'Basic YWRhOnMzY3JldA==',
    ],
    ['bearer', 'bearer', 'sk-test-123', 'authorization', 'Bearer sk-test-123'],
    ['custom header', 'custom', 'key-456', 'x-api-key', 'key-456'],
  ] as const)('signs in with an API key: %s', async (_, authorization_type, key, header, expected) => {
    api = await headerCheckingApi(header, expected);
    const { byOp } = toolsFor(
      api,
      { type: 'service_http', authorization_type, custom_auth_header: 'X-Api-Key' },
      { api_key: key },
    );
    const outcome = await runToolCall(byOp('getAnswer'), {}, testToolContext());
    expect(outcome.status).toBe('done');
    expect(JSON.parse(outcome.output)).toEqual({ ok: true, saw: expected });
  });

  it('fails the step when the API refuses the key, naming the status', async () => {
    api = await headerCheckingApi('authorization', 'Bearer right');
    const { byOp } = toolsFor(
      api,
      { type: 'service_http', authorization_type: 'bearer' },
      { api_key: 'wrong' },
    );
    const outcome = await runToolCall(byOp('getAnswer'), {}, testToolContext());
    expect(outcome).toMatchObject({
      status: 'failed',
      output: 'error processing tool getAnswer_action_127---0---0---1: 127.0.0.1 answered HTTP 401',
    });
  });

  it('puts path, query and header arguments in their places, and drops undeclared ones', async () => {
    api = await startLocalServer((_, res) => json(res, 200, { done: 1 }));
    const { byOp } = toolsFor(api);
    const args = { id: 'a/b c', verbose: true, tags: ['x', 'y'], 'X-Trace': 't-1', sneaky: 'no' };
    expect((await runToolCall(byOp('getItem'), args, testToolContext())).status).toBe('done');
    expect(api.received).toHaveLength(1);
    expect(api.received[0]).toMatchObject({
      method: 'GET',
      url: '/v1/items/a%2Fb%20c?verbose=true&tags=x&tags=y',
    });
    expect(api.received[0]?.headers['x-trace']).toBe('t-1');
    expect(api.received[0]?.headers['sneaky']).toBeUndefined();
  });

  it.each(['..', '.'])(
    'refuses %j as a path parameter, so an argument cannot climb out of its path',
    async (id) => {
      api = await startLocalServer((_, res) => json(res, 200, {}));
      const { byOp } = toolsFor(api);
      const outcome = await runToolCall(byOp('getItem'), { id }, testToolContext());
      expect(outcome.output).toBe(
        'error processing tool getItem_action_127---0---0---1: a path parameter may not be "." or ".."',
      );
      await runToolCall(byOp('getItem'), { id: '..%2F..' }, testToolContext());
      expect(api.received.map((r) => r.url)).toEqual(['/v1/items/..%252F..']);
    },
  );

  it('sends body fields as JSON, or as a form', async () => {
    api = await startLocalServer((_, res) => json(res, 201, { id: 7 }));
    const { byOp } = toolsFor(api);
    expect(
      (await runToolCall(byOp('createItem'), JSON.stringify({ name: 'pen', count: 2 }), testToolContext()))
        .output,
    ).toBe(JSON.stringify({ id: 7 }, null, 2));
    await runToolCall(byOp('postForm'), { a: 'x y', n: 3 }, testToolContext());
    expect(api.received.map((r) => [r.method, r.url, r.headers['content-type'], r.body])).toEqual([
      ['POST', '/v1/items', 'application/json', '{"name":"pen","count":2}'],
      ['POST', '/v1/form', 'application/x-www-form-urlencoded', 'a=x+y&n=3'],
    ]);
  });

  it.each([
    ['a string for an integer', 'getCell', { x: 'abc' }],
    ['a negative integer below the minimum', 'getCell', { x: -1 }],
    ['a missing required field', 'createItem', { count: 1 }],
    ['a number for a string', 'createItem', { name: 5 }],
    ['an object for a path parameter', 'getItem', { id: { a: 1 } }],
    ['arguments that are not JSON', 'getAnswer', '{not json'],
  ])('refuses %s before any request', async (_, op, args) => {
    api = await startLocalServer((_, res) => json(res, 200, {}));
    const { byOp } = toolsFor(api);
    const outcome = await runToolCall(byOp(op), args, testToolContext());
    expect(outcome.status).toBe('failed');
    expect(outcome.output).toMatch(
      /^error processing tool \w+_action_127---0---0---1: (invalid input|the arguments are not JSON)/,
    );
    // The tool's own check, for a caller that skips the runner.
    if (typeof args !== 'string') await expect(byOp(op).run(args, testToolContext())).rejects.toThrow();
    expect(api.received).toEqual([]);
  });

  it('refuses a header argument holding a line break before any request', async () => {
    api = await startLocalServer((_, res) => json(res, 200, {}));
    const { byOp } = toolsFor(api);
    const outcome = await runToolCall(
      byOp('getItem'),
      { id: '1', 'X-Trace': 'a\r\nInjected: yes' },
      testToolContext(),
    );
    expect(outcome.output).toBe(
      'error processing tool getItem_action_127---0---0---1: the header "X-Trace" holds a line break',
    );
    expect(api.received).toEqual([]);
  });

  it('gives no tools for a stored schema that no longer parses', () => {
    const action = {
      ...actionFor('http://127.0.0.1:1'),
      metadata: { ...actionFor('http://127.0.0.1:1').metadata, raw_spec: '{' },
    };
    expect(createActionTools({ action, auth: {}, guardedFetch: loopbackAllowedFetch() })).toEqual([]);
  });
});

describe('action tools and the guard', () => {
  it('refuses 127.0.0.1 without allowed ranges, sending nothing', async () => {
    api = await startLocalServer((_, res) => json(res, 200, {}));
    const tools = createActionTools({
      action: actionFor(api.origin),
      auth: {},
      guardedFetch: createGuardedFetch(),
    });
    const outcome = await runToolCall(
      tools.find((t) => t.key.startsWith('getAnswer'))!,
      {},
      testToolContext(),
    );
    expect(outcome.status).toBe('failed');
    expect(outcome.output).toContain('a loopback address, which user-given URLs may not');
    expect(api.received).toEqual([]);
  });

  it('reaches 127.0.0.1 when the operator allows its range', async () => {
    api = await startLocalServer((_, res) => json(res, 200, { reached: true }));
    const tools = createActionTools({
      action: actionFor(api.origin),
      auth: {},
      guardedFetch: createGuardedFetch({ allowedRanges: ['127.0.0.1/32'] }),
    });
    const outcome = await runToolCall(
      tools.find((t) => t.key.startsWith('getAnswer'))!,
      {},
      testToolContext(),
    );
    expect(JSON.parse(outcome.output)).toEqual({ reached: true });
  });

  it('does not follow a redirect', async () => {
    api = await startLocalServer((_, res) => {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
      res.end();
    });
    const { byOp } = toolsFor(api);
    const outcome = await runToolCall(byOp('getAnswer'), {}, testToolContext());
    expect(outcome.output).toContain('answered with a redirect (302), which is not followed');
    expect(api.received).toHaveLength(1);
  });
});
