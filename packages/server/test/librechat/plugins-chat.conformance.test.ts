import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sim, startChatApp, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import { testDialects } from '../dialects.test-helpers';
import { clientConversationSchema } from './client-schemas.test-helpers';
import { ClientChat, newClientConversation } from './client-chat.test-helpers';
import { LibreChatClient } from './client.test-helpers';
import { useSimulator } from './conformance.test-helpers';

// A Plugins message as LibreChat v0.6.10's client sends it (docs/reference/tools.md (Selecting tools)): the selected
// tools are whole plugin objects, with the agent's options beside them.

const simulator = useSimulator();

const CALCULATOR = {
  name: 'Calculator',
  pluginKey: 'calculator',
  description: 'Perform simple and complex mathematical calculations.',
  icon: '/assets/plugins/calculator.svg',
  authConfig: [],
  authenticated: true,
};

describe.each(testDialects())('LibreChat client, Plugins endpoint, on %s', (dialect) => {
  let app: ChatApp;
  let client: LibreChatClient;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator);
    client = new LibreChatClient(app.base);
    client.token = app.token;
    // Installed from the store, as the client does it, before a Plugins message may use it.
    await client.post('/api/user/plugins', { pluginKey: 'calculator', action: 'install', auth: null });
  });
  afterAll(() => app.close());

  it('takes the tools as plugin objects and keeps them in the conversation as the client sent them', async () => {
    const chat = new ClientChat(client);
    chat.conversation = {
      ...newClientConversation(),
      endpoint: 'gptPlugins',
      model: 'gpt-4o',
      tools: [CALCULATOR],
      agentOptions: { agent: 'functions', skipCompletion: true, model: 'gpt-4o', temperature: 0 },
    };
    const { submission, outcome } = await chat.send({ text: `What is 2+2? ${sim({ reply: 'Four.' })}` });
    expect(submission.server).toBe('/api/ask/gptPlugins');
    expect(submission.payload['tools']).toEqual([CALCULATOR]);
    expect(outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    expect(chat.latest!.text).toBe('Four.');
    expect(clientConversationSchema.parse(chat.conversation).tools).toEqual([CALCULATOR]);
    const saved = await client.get<Record<string, unknown>>(
      `/api/convos/${chat.conversation.conversationId}`,
    );
    expect(saved['tools']).toEqual([CALCULATOR]);
  });

  it("shows each tool step as the client's plugins, running then done with its output, then the answer", async () => {
    await client.post('/api/user/plugins', { pluginKey: 'calculator', action: 'install', auth: null });
    const chat = new ClientChat(client);
    chat.conversation = {
      ...newClientConversation(),
      endpoint: 'gptPlugins',
      model: 'gpt-4o',
      tools: [CALCULATOR],
    };
    const script = {
      steps: [
        { toolCalls: [{ name: 'calculator', input: { expression: '6 * 7' } }] },
        { reply: 'It is 42.' },
      ],
    };
    const { outcome } = await chat.send({ text: `Six sevens? ${sim(script)}` });
    expect(outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    const plugins = outcome.frames
      .filter((f) => f.data['message'] === true && Array.isArray(f.data['plugins']))
      .map((f) => (f.data['plugins'] as Record<string, unknown>[])[0]);
    expect(plugins[0]).toEqual({
      loading: true,
      inputs: [{ tool: 'calculator', toolInput: '{"expression":"6 * 7"}', log: '' }],
      latest: 'calculator',
      outputs: null,
    });
    expect(plugins.at(-1)).toMatchObject({ loading: false, latest: 'calculator', outputs: '42' });
    expect(chat.latest!.text).toBe('It is 42.');
  });

  it('refuses a selection that names no plugin with a clear 400 frame, saving nothing', async () => {
    const chat = new ClientChat(client);
    chat.conversation = { ...newClientConversation(), endpoint: 'gptPlugins', tools: [{ name: 'No key' }] };
    const { outcome } = await chat.send({ text: 'Hello' });
    expect(outcome.error?.text).toContain(
      'tools.0: a tool is its plugin key, or a plugin with its pluginKey',
    );
  });
});
