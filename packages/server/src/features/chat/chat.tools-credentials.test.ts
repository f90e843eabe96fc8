import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSim, type Sim } from '@parley/sim';
import { API, NIL_UUID, pathOf, type ContentPart } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { authenticatedFlags, savedRows } from '../plugins/plugins.test-helpers';
import { ask, get, post, sim, startChatApp, type ChatApp } from './chat.test-helpers';
import { TOOL_MESSAGES } from './tool-refusals';

// docs/reference/tools.md (The plugin store): a user's saved credentials are theirs alone, encrypted, never answered or
// logged; a tool run gets the credentials of the user it runs for (docs/reference/tools.md (The tool interface)).

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

/** A SearXNG instance on an address users may give (127.0.0.2), which records each search; `/failing/` answers 500. */
async function recordingSearch() {
  const searches: { path: string; query: string }[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://searx');
    searches.push({ path: url.pathname, query: url.searchParams.get('q') ?? '' });
    if (url.pathname.includes('/failing')) return void res.writeHead(500).end();
    const results = [{ title: 'Hit', url: 'https://example.com/hit', content: `found at ${url.pathname}` }];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  const url = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  return { url, searches, close: () => new Promise((resolve) => server.close(resolve)) };
}

type ToolCallPart = Extract<ContentPart, { type: 'tool_call' }>;
const stepsOf = (content: ContentPart[] | undefined) =>
  (content ?? []).filter((p): p is ToolCallPart => p.type === 'tool_call').map((p) => p.tool_call);

describe.each(testDialects())('plugin credentials of each user, on %s', (dialect) => {
  let app: ChatApp;
  let service: Awaited<ReturnType<typeof recordingSearch>>;
  const log: string[] = [];
  beforeAll(async () => {
    service = await recordingSearch();
    app = await startChatApp(dialect, simulator, {
      network: { userURLAllowedRanges: ['127.0.0.2/32'] },
      // Everything the server logs, requests included, as the operator's log would hold it.
      logger: { level: 'trace', stream: { write: (line: string) => void log.push(line) } },
    });
  });
  afterAll(async () => {
    await app?.close();
    await service?.close();
  });

  const install = (token: string, pluginKey: string, auth?: Record<string, unknown>) =>
    post(app, token, pathOf('updateUserPlugins'), {
      pluginKey,
      action: 'install',
      ...(auth ? { auth } : {}),
    });
  /** A reply whose model searches for `query` once, then answers with what the search gave. */
  const searchAs = (token: string, query: string) =>
    ask(
      app,
      'gptPlugins',
      {
        parentMessageId: NIL_UUID,
        conversationId: null,
        model: 'gpt-4o',
        text: `Search ${sim({ steps: [{ toolCalls: [{ name: 'searxng_search', input: { query } }] }], reply: 'Done.' })}`,
        tools: ['searxng_search'],
      },
      token,
    );

  it("runs each user's plugin with that user's own saved setting, never another user's", async () => {
    const b = await newUser(app.app);
    expect(
      (await install(app.token, 'searxng_search', { SEARXNG_INSTANCE_URL: `${service.url}/a-0001/` })).status,
    ).toBe(200);
    expect(
      (await install(b.token, 'searxng_search', { SEARXNG_INSTANCE_URL: `${service.url}/b-0001/` })).status,
    ).toBe(200);
    const [fromA, fromB] = await Promise.all([
      searchAs(app.token, 'asked by a'),
      searchAs(b.token, 'asked by b'),
    ]);
    const pathsOf = (query: string) => service.searches.filter((s) => s.query === query).map((s) => s.path);
    expect(pathsOf('asked by a')).toEqual(['/a-0001/search']);
    expect(pathsOf('asked by b')).toEqual(['/b-0001/search']);
    expect(stepsOf(fromA.events.final!.responseMessage.content)[0]!.output).toContain(
      'found at /a-0001/search',
    );
    expect(stepsOf(fromB.events.final!.responseMessage.content)[0]!.output).toContain(
      'found at /b-0001/search',
    );
  });

  it('refuses the run of a user who saved nothing, though another user saved theirs; the service hears nothing', async () => {
    const c = await newUser(app.app);
    expect(
      (await install(app.token, 'searxng_search', { SEARXNG_INSTANCE_URL: `${service.url}/a-0002/` })).status,
    ).toBe(200);
    // C has the plugin in their list (installed while the operator set it, say) and no setting of their own.
    await app.database.db
      .updateTable('users')
      .set({ plugins: '["searxng_search"]' })
      .where('id', '=', c.user.id)
      .execute();
    expect((await authenticatedFlags(app.app, c.token)).searxng_search).toBe(false);
    const searched = service.searches.length;
    const refused = await searchAs(c.token, 'asked by c');
    expect({ status: refused.status, body: JSON.parse(refused.body) }).toEqual({
      status: 400,
      body: { code: 'VALIDATION', message: TOOL_MESSAGES.settings('SearXNG'), field: 'tools' },
    });
    expect(service.searches).toHaveLength(searched);
  });

  it('never answers or logs a saved value, and stores none as it was given', async () => {
    const d = await newUser(app.app);
    const secrets = {
      instance: `${service.url}/failing/d-secret-instance-0003/`,
      cse: 'd-secret-cse-id-0003',
      google: 'd-secret-google-key-0003',
      long: `d-secret-too-long-${'x'.repeat(4100)}`,
    };
    const answers: string[] = [];
    const keep = async (res: Response) => (answers.push(await res.text()), res.status);
    expect(
      await keep(await install(d.token, 'searxng_search', { SEARXNG_INSTANCE_URL: secrets.instance })),
    ).toBe(200);
    expect(
      await keep(
        await install(d.token, 'google', {
          GOOGLE_CSE_ID: secrets.cse,
          'GOOGLE_SEARCH_API_KEY||GOOGLE_API_KEY': secrets.google,
        }),
      ),
    ).toBe(200);
    // Refused installs: a short value beside a good one, a value over the size limit.
    expect(
      await keep(
        await install(d.token, 'google', {
          GOOGLE_CSE_ID: 'short',
          'GOOGLE_SEARCH_API_KEY||GOOGLE_API_KEY': secrets.google,
        }),
      ),
    ).toBe(400);
    expect(await keep(await install(d.token, 'serpapi', { SERPAPI_API_KEY: secrets.long }))).toBe(400);
    expect(await keep(await get(app, d.token, pathOf('listPlugins')))).toBe(200);
    expect(await keep(await get(app, d.token, API.user))).toBe(200);
    // A run that uses the setting, whose search fails (the service answers 500).
    const run = await searchAs(d.token, 'asked by d');
    expect(stepsOf(run.events.final!.responseMessage.content)[0]!.output).toBe(
      'error processing tool searxng_search: SearXNG answered HTTP 500: the service failed; try again later.',
    );
    answers.push(JSON.stringify(run.events.frames));
    expect(service.searches.filter((s) => s.query === 'asked by d').map((s) => s.path)).toEqual([
      '/failing/d-secret-instance-0003/search',
    ]);
    expect(
      await keep(
        await post(app, d.token, pathOf('updateUserPlugins'), { pluginKey: 'google', action: 'uninstall' }),
      ),
    ).toBe(200);

    const stored = JSON.stringify(await savedRows(app, d.user.id));
    expect(JSON.parse(stored)).toHaveLength(1);
    const everything = [...answers, stored, log.join('\n')].join('\n');
    expect(log.length).toBeGreaterThan(10);
    for (const secret of [
      'd-secret-instance',
      'd-secret-cse-id',
      'd-secret-google-key',
      'd-secret-too-long',
    ]) {
      expect(everything).not.toContain(secret);
    }
  });
});
