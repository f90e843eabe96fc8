import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim } from '@parley/sim';
import { API, NIL_UUID, type ContentPart, type Message } from '@parley/shared';
import { sseReader } from '../../src/lib/sse.test-helpers';
import { startServer, type ServerProcess } from '../server-process';
import { eventually, registerUser, type Client } from './parley-client.test-helpers';

// docs/reference/tools.md (A reply that uses tools): each step is saved as it ends, so a process killed while a later
// step runs loses nothing of the steps before it.

describe('a server killed while a tool runs', () => {
  let sim: Awaited<ReturnType<typeof startSim>>;
  let search: Server;
  let reached: Promise<void>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    sim = await startSim({ defaults: { rate: 0 } });
    // A search service that takes the request and never answers: the second step runs until the process dies.
    let arrived!: () => void;
    reached = new Promise<void>((resolve) => (arrived = resolve));
    search = createServer(() => arrived());
    await new Promise<void>((resolve) => search.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const server of servers.reverse()) await server.stop();
    search.closeAllConnections();
    await new Promise((resolve) => search.close(resolve));
    await sim?.close();
  });

  it('keeps the finished steps; the next start serves them with the reply unfinished', async () => {
    const env = {
      OPENAI_API_KEY: 'sk-tools',
      OPENAI_REVERSE_PROXY: `${sim.url}/v1`,
      TITLE_CONVO: 'false',
      LOG_LEVEL: 'fatal',
      SEARXNG_INSTANCE_URL: `http://127.0.0.1:${(search.address() as AddressInfo).port}`,
    };
    const first = await startServer(env, { compiled: true });
    servers.push(first);
    const client = await registerUser(first.baseUrl);
    for (const pluginKey of ['calculator', 'searxng_search']) {
      const res = await post(client, '/api/user/plugins', { pluginKey, action: 'install' });
      expect(res.status).toBe(200);
    }
    const script = {
      steps: [
        { reply: 'Counting. ', toolCalls: [{ name: 'calculator', input: { expression: '6 * 7' } }] },
        { toolCalls: [{ name: 'searxng_search', input: { query: 'forty-two' } }] },
        { reply: 'never reached' },
      ],
    };
    const res = await post(client, `${API.ask}/gptPlugins`, {
      text: `Count, then search [[sim ${JSON.stringify(script)}]]`,
      conversationId: null,
      parentMessageId: NIL_UUID,
      model: 'gpt-4o',
      tools: ['calculator', 'searxng_search'],
    });
    expect(res.status).toBe(200);
    const created = JSON.parse((await sseReader(res.body!).next())!.data!) as {
      message: { conversationId: string };
    };
    await reached;
    // The first step's save runs beside the next model call: killed once it is in, as a process could be any time.
    const stepSaved = async () => {
      const saved = await get<Message[]>(client, `${API.messages}/${created.message.conversationId}`);
      return JSON.stringify(saved.find((m) => !m.isCreatedByUser)?.content ?? []).includes('"output":"42"');
    };
    await eventually(stepSaved, 'the first step saved');
    process.kill(first.pid, 'SIGKILL');
    await first.exited;

    const second = await startServer({ ...env, DATA_DIR: first.dataDir }, { compiled: true });
    servers.push(second);
    const messages = await get<Message[]>(
      { ...client, baseUrl: second.baseUrl },
      `${API.messages}/${created.message.conversationId}`,
    );
    const reply = messages.find((m) => !m.isCreatedByUser)!;
    expect(reply.unfinished).toBe(true);
    const steps = (reply.content ?? []).filter(
      (p): p is Extract<ContentPart, { type: 'tool_call' }> => p.type === 'tool_call',
    );
    expect(steps.map((s) => [s.tool_call.name, s.tool_call.output])).toEqual([['calculator', '42']]);
    expect(reply.text).toBe('Counting. ');
  }, 90_000); // two compiled server starts and a build check: slow on a busy two-core machine
});

function post(client: Client, path: string, body: unknown) {
  return fetch(`${client.baseUrl}${path}`, {
    method: 'POST',
    headers: client.auth,
    body: JSON.stringify(body),
  });
}

async function get<T>(client: Client, path: string): Promise<T> {
  const res = await fetch(`${client.baseUrl}${path}`, { headers: client.auth });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}
