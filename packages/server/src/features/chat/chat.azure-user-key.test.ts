import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AZURE_NAME_RULES, NIL_UUID } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { DEFAULT_NETWORK_SETTINGS } from '../../config/network-settings';
import type { AzureProviderConfig } from '../../config/provider-settings';
import type { DialectName } from '../../db/database';
import { buildTestApp } from '../../../test/app.test-helpers';
import { putKey, storeKeyAsIs } from '../keys/keys.test-helpers';
import { ask, type ChatApp } from './chat.test-helpers';

const SECRET = 'redis at 10.20.30.40 refused AUTH';

/** A listener that records every connection and request, answering with `handler`. */
async function listener(host: string, handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const connections: number[] = [];
  const requests: { url: string; apiKey: string | undefined }[] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', apiKey: req.headers['api-key'] as string | undefined });
    req.resume();
    req.on('end', () => handler(req, res));
  });
  server.on('connection', () => connections.push(Date.now()));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, connections, requests };
}

const chunk = (delta: object, finish: string | null) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** Azure as a gateway on 127.0.0.2 would answer: a streamed "pong", or, under `/fail/`, a 500 naming internals. */
function azureLike(req: IncomingMessage, res: ServerResponse) {
  if (req.url?.startsWith('/fail/')) {
    res.writeHead(500, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ error: { message: SECRET, type: 'server_error' } }));
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.end(`${chunk({ role: 'assistant', content: 'pong' }, null)}${chunk({}, 'stop')}data: [DONE]\n\n`);
}

const fresh = { parentMessageId: NIL_UUID, conversationId: null, model: 'gpt-4o' };
const azureKey = (instance: string, deployment = 'dep-1') =>
  JSON.stringify({
    azureOpenAIApiKey: 'az-user',
    azureOpenAIApiInstanceName: instance,
    azureOpenAIApiDeploymentName: deployment,
    azureOpenAIApiVersion: '2024-02-01',
  });

async function start(
  dialect: DialectName,
  azure: Omit<AzureProviderConfig, 'apiKey'>,
  allowed: string[] = [],
) {
  const test = await buildTestApp(dialect, {
    providers: { azureOpenAI: { apiKey: 'user_provided', ...azure } },
    network: { ...DEFAULT_NETWORK_SETTINGS, userURLAllowedRanges: allowed },
    app: { titleConvo: false },
  });
  const base = await test.app.listen({ port: 0, host: '127.0.0.1' });
  const { token, user } = await newUser(test.app);
  return { ...test, base, token, userId: user.id } satisfies ChatApp;
}

describe.each(testDialects())('Azure with user-provided keys on %s', (dialect) => {
  let local: Awaited<ReturnType<typeof listener>>;
  let gateway: Awaited<ReturnType<typeof listener>>;
  let direct: ChatApp;
  let viaGateway: ChatApp;
  let viaLoopback: ChatApp;

  beforeAll(async () => {
    local = await listener('127.0.0.1', (_req, res) => res.end('{"internal":"admin"}'));
    // A gateway the operator allows (USER_URL_ALLOWED_RANGES=127.0.0.2/32); 127.0.0.1 stays refused.
    gateway = await listener('127.0.0.2', azureLike);
    direct = await start(dialect, { apiVersion: '2024-02-01' });
    viaGateway = await start(
      dialect,
      { baseURL: `http://127.0.0.2:${gateway.port}/\${INSTANCE_NAME}/openai` },
      ['127.0.0.2/32'],
    );
    viaLoopback = await start(dialect, {
      baseURL: `http://127.0.0.1:${local.port}/\${INSTANCE_NAME}/openai`,
    });
  });
  afterAll(async () => {
    await Promise.all([direct, viaGateway, viaLoopback].map((a) => a.close()));
    for (const l of [local, gateway]) l.server.close();
  });

  const hostile = () => [
    `127.0.0.1:${local.port}/internal-admin?`,
    '169.254.169.254/x#',
    `localhost:${local.port}`,
    'user@127.0.0.1',
  ];

  it('refuses a key whose instance or deployment name is not an Azure name, naming the field', async () => {
    for (const name of hostile()) {
      const res = await putKey(direct.app, direct.token, { name: 'azureOpenAI', value: azureKey(name) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION',
        field: 'value',
        message: AZURE_NAME_RULES.azureOpenAIApiInstanceName.message,
      });
    }
    const deployment = await putKey(direct.app, direct.token, {
      name: 'azureOpenAI',
      value: azureKey('my-resource', '../../admin?'),
    });
    expect(deployment.statusCode).toBe(400);
    expect(deployment.json()).toMatchObject({
      message: AZURE_NAME_RULES.azureOpenAIApiDeploymentName.message,
    });
    const ok = await putKey(direct.app, direct.token, {
      name: 'azureOpenAI',
      value: azureKey('my-resource'),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('sends nothing for a hostile name saved before the rule, and says only what to fix', async () => {
    for (const name of hostile()) {
      await storeKeyAsIs(direct, direct.userId, 'azureOpenAI', azureKey(name));
      const res = await ask(direct, 'azureOpenAI', { ...fresh, text: 'hello' });
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({
        code: 'VALIDATION',
        field: 'key',
        message: `${AZURE_NAME_RULES.azureOpenAIApiInstanceName.message}; save your key again`,
      });
    }
    expect(local.connections).toEqual([]);
  });

  it('calls a gateway the operator allows through the guard, with the instance and deployment in its URL', async () => {
    await putKey(viaGateway.app, viaGateway.token, { name: 'azureOpenAI', value: azureKey('good', 'dep-1') });
    const res = await ask(viaGateway, 'azureOpenAI', { ...fresh, text: 'hello' });
    expect(res.status).toBe(200);
    expect(res.events.final?.responseMessage.text).toBe('pong');
    expect(gateway.requests.at(-1)).toEqual({
      url: '/good/openai/deployments/dep-1/chat/completions?api-version=2024-02-01',
      apiKey: 'az-user',
    });
  });

  it("shows the user a mapped error, never an allowed gateway's text", async () => {
    await putKey(viaGateway.app, viaGateway.token, { name: 'azureOpenAI', value: azureKey('fail', 'dep-1') });
    const res = await ask(viaGateway, 'azureOpenAI', { ...fresh, text: 'hello' });
    expect(res.status).toBe(200);
    expect(gateway.requests.at(-1)?.url).toBe(
      '/fail/openai/deployments/dep-1/chat/completions?api-version=2024-02-01',
    );
    expect(JSON.parse(res.events.error!.text)).toEqual({
      type: 'upstream_error',
      status: 500,
      message: 'The endpoint answered HTTP 500',
    });
    expect(JSON.stringify(res.events.frames)).not.toContain('10.20.30.40');
  });

  it('never reaches a loopback address the user is not allowed, even through the operator URL', async () => {
    await putKey(viaLoopback.app, viaLoopback.token, { name: 'azureOpenAI', value: azureKey('good') });
    const res = await ask(viaLoopback, 'azureOpenAI', { ...fresh, text: 'hello' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.events.error!.text)).toEqual({
      type: 'upstream_error',
      message: 'The URL is a loopback address, which user-given URLs may not name',
    });
    expect(local.connections).toEqual([]);
  });
});
