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

  it('refuses a selection that names no plugin with a clear 400 frame, saving nothing', async () => {
    const chat = new ClientChat(client);
    chat.conversation = { ...newClientConversation(), endpoint: 'gptPlugins', tools: [{ name: 'No key' }] };
    const { outcome } = await chat.send({ text: 'Hello' });
    expect(outcome.error?.text).toContain('tools.0: a tool is its plugin key, or a plugin with its pluginKey');
  });
});
