import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { startSim, type Sim } from '@parley/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customEndpoint, providersConfig, simProviders } from './provider-config.test-helpers';
import type { ToolSpec } from './provider.types';
import { createProviderRegistry, type ProviderRegistry } from './registry';

// A call through the AI SDK (one that offers tools, and every Anthropic and Google reply) is sent again, once, when the
// kept-alive connection it went out on was closed by the upstream just then, as the fast path's calls are
// (upstream-http.ts, streamingFetch): nothing was answered, so nothing was handled.

let sim: Sim;
let proxy: http.Server;
let registry: ProviderRegistry;
/** The next request that comes on a connection already used is dropped, as an upstream closing it idle would. */
let dropReused = false;
let dropped = 0;

beforeAll(async () => {
  sim = await startSim({ defaults: { rate: 0 } });
  const served = new Set<Socket>();
  proxy = http.createServer((req, res) => {
    if (dropReused && served.has(req.socket)) {
      dropReused = false;
      dropped += 1;
      return void req.socket.destroy();
    }
    served.add(req.socket);
    const upstream = http.request(new URL(req.url ?? '/', sim.url), {
      method: req.method,
      headers: req.headers,
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  registry = createProviderRegistry(
    providersConfig(simProviders({ url }), [customEndpoint({ baseURL: `${url}/custom/v1` })]),
  );
});
afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await sim.close();
});

const ADD: ToolSpec = {
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
};

async function call(endpoint: string, model: string, tools?: ToolSpec[]) {
  const question = `Add [[sim ${JSON.stringify({ reply: 'three' })}]]`;
  const prompt = registry.buildPrompt(endpoint, { model, history: [{ role: 'user', content: question }] });
  const settings = registry.callSettings(endpoint, { model });
  let text = '';
  const stream = registry.replyStreamer(endpoint, model);
  for await (const part of stream({ prompt, settings, signal: new AbortController().signal, tools })) {
    if (part.type === 'text') text += part.text;
  }
  return text;
}

describe.each([
  { endpoint: 'openAI', model: 'gpt-4o', tools: [ADD] },
  { endpoint: 'Mistral', model: 'mistral-tiny', tools: [ADD] },
  { endpoint: 'anthropic', model: 'claude-sonnet-4-5', tools: undefined },
  { endpoint: 'google', model: 'gemini-2.5-flash', tools: undefined },
])('$endpoint through the AI SDK', ({ endpoint, model, tools }) => {
  it('sends a call again on a new connection when the upstream closed the kept-alive one it went out on', async () => {
    expect(await call(endpoint, model, tools)).toBe('three');
    sim.clearRequests();
    const before = dropped;
    dropReused = true;
    expect(await call(endpoint, model, tools)).toBe('three');
    expect(dropped).toBe(before + 1);
    expect(sim.requests()).toHaveLength(1);
  });
});
