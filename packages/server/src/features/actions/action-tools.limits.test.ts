import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionAuthSchema } from '@parley/shared';
import { testToolContext } from '../tools/tool-context.test-helpers';
import { runToolCall } from '../tools/tool-runner';
import type { Tool } from '../tools/tool';
import { createActionTools, type ActionCallLimits } from './action-tools';
import {
  loopbackAllowedFetch,
  startLocalServer,
  testApiSpec,
  type LocalServer,
} from './local-api.test-helpers';

let api: LocalServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await api?.close();
  api = undefined;
});

const KEY = 'getAnswer_action_127---0---0---1';

/** The getAnswer tool of the test API at `origin`, with these limits. */
function answerTool(origin: string, limits: Partial<ActionCallLimits> = {}): Tool {
  const tools = createActionTools({
    action: {
      action_id: 'act-1',
      metadata: { raw_spec: testApiSpec(origin), domain: '127.0.0.1', auth: actionAuthSchema.parse({}) },
    },
    auth: {},
    guardedFetch: loopbackAllowedFetch(),
    limits,
  });
  return tools.find((t) => t.key === KEY) as Tool;
}

/** A server that answers once with this status, type and body. */
const answering = (status: number, type: string, body: string | Buffer) =>
  startLocalServer((_, res) => {
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  });

describe('action tool answers', () => {
  it('answers invalid JSON as the text it is', async () => {
    api = await answering(200, 'application/json', '{"a": [1, 2');
    expect(await runToolCall(answerTool(api.origin), {}, testToolContext())).toMatchObject({
      status: 'done',
      output: '{"a": [1, 2',
    });
  });

  it('answers an HTML page as its text', async () => {
    const html = '<html><body><script>alert(1)</script><p>Hi</p></body></html>';
    api = await answering(200, 'text/html; charset=utf-8', html);
    expect((await runToolCall(answerTool(api.origin), {}, testToolContext())).output).toBe(html);
  });

  it('says what a binary answer was instead of passing its bytes', async () => {
    api = await answering(200, 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    expect((await runToolCall(answerTool(api.origin), {}, testToolContext())).output).toBe(
      'The API answered image/png (8 bytes), which is not text.',
    );
  });

  it('says so when the answer is empty', async () => {
    api = await startLocalServer((_, res) => {
      res.writeHead(204);
      res.end();
    });
    expect((await runToolCall(answerTool(api.origin), {}, testToolContext())).output).toBe(
      'The API answered with no content.',
    );
  });

  it('fails the step on an error answer without passing on its body', async () => {
    api = await answering(500, 'text/html', '<h1>Internal secrets: db=prod</h1>');
    const outcome = await runToolCall(answerTool(api.origin), {}, testToolContext());
    expect(outcome).toMatchObject({
      status: 'failed',
      output: `error processing tool ${KEY}: 127.0.0.1 answered HTTP 500`,
    });
  });

  it('reads a huge answer only up to the cap, then closes the connection', async () => {
    let closed!: () => void;
    const clientGone = new Promise<void>((resolve) => (closed = resolve));
    api = await startLocalServer((_, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.on('close', () => closed());
      const chunk = `[${'1,'.repeat(32_000)}`;
      // Endless: only the client's cut ends it.
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const outcome = await runToolCall(
      answerTool(api.origin, { maxResponseBytes: 10_000 }),
      {},
      testToolContext(),
    );
    expect(outcome.status).toBe('done');
    expect(outcome.output).toBe(
      `${`[${'1,'.repeat(32_000)}`.slice(0, 10_000)}\n[The answer was cut at 10000 bytes.]`,
    );
    await clientGone;
  });
});

describe('action tool time limit', () => {
  it('stops waiting for headers at the limit', async () => {
    let arrived!: () => void;
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    api = await startLocalServer(() => arrived());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const running = runToolCall(answerTool(api.origin, { timeoutMs: 2_000 }), {}, testToolContext());
    await requested;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(await running).toMatchObject({
      status: 'failed',
      output: `error processing tool ${KEY}: 127.0.0.1 gave no answer within 2 s`,
    });
  });

  it('stops a body that trickles past the limit', async () => {
    let arrived!: () => void;
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    api = await startLocalServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      arrived();
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const running = runToolCall(answerTool(api.origin, { timeoutMs: 2_000 }), {}, testToolContext());
    await requested;
    await vi.advanceTimersByTimeAsync(1_999);
    await vi.advanceTimersByTimeAsync(1);
    expect((await running).output).toBe(`error processing tool ${KEY}: 127.0.0.1 gave no answer within 2 s`);
  });

  it('stops at once when the reply is stopped', async () => {
    let arrived!: () => void;
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    api = await startLocalServer(() => arrived());
    const stop = new AbortController();
    const running = runToolCall(answerTool(api.origin), {}, testToolContext({ signal: stop.signal }));
    await requested;
    stop.abort(new Error('stopped by the user'));
    await expect(running).rejects.toThrow('stopped by the user');
  });

  it('gives an OAuth call the time of its sign-in on top of its own limit', async () => {
    api = await startLocalServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('signed in');
    });
    const oauthTool = (signInMs?: number) =>
      createActionTools({
        action: {
          action_id: 'act-1',
          metadata: {
            raw_spec: testApiSpec(api!.origin),
            domain: '127.0.0.1',
            auth: actionAuthSchema.parse({ type: 'oauth', authorization_url: 'https://idp.example.com/a' }),
          },
        },
        auth: {},
        guardedFetch: loopbackAllowedFetch(),
        limits: { timeoutMs: 2_000 },
        // The user takes 5 s to consent.
        oauthToken: () => new Promise((resolve) => setTimeout(() => resolve('token-1'), 5_000)),
        ...(signInMs !== undefined ? { signInMs } : {}),
      }).find((t) => t.key === KEY) as Tool;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const waited = runToolCall(oauthTool(10_000), {}, testToolContext());
    const cut = runToolCall(oauthTool(), {}, testToolContext());
    await vi.advanceTimersByTimeAsync(5_000);
    vi.useRealTimers();
    expect(await waited).toMatchObject({ status: 'done', output: 'signed in' });
    expect(await cut).toMatchObject({
      status: 'failed',
      output: `error processing tool ${KEY}: no answer within 3 s`,
    });
    expect(api.received.map((r) => r.headers.authorization)).toEqual(['Bearer token-1']);
  });
});
