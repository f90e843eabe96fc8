import { useSimulator } from './conformance.test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sim, startChatApp, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import { testDialects } from '../dialects.test-helpers';
import { PASSWORD } from '../factories.test-helpers';
import { clientConversationSchema, clientMessageSchema } from './client-schemas.test-helpers';
import { ClientChat } from './client-chat.test-helpers';
import { LibreChatClient } from './client.test-helpers';

// The calls of LibreChat v0.6.10's client that the other conformance files do not replay, in the order a session
// makes them: sign-up and sign-in, start-up data, a chat with its title, search, sign-out
// (docs/reference/librechat-clients.md).

const simulator = useSimulator();

describe.each(testDialects())('LibreChat client session calls on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator, { titleConvo: true });
  });
  afterAll(() => app.close());

  it('sign up, sign in, load the start-up data, chat, get the title, search, sign out', async () => {
    const client = new LibreChatClient(app.base);
    const email = `lc-${Date.now()}@example.com`;
    // The client's registration form.
    await client.post('/api/auth/register', {
      name: 'Lin Chen',
      username: 'linchen',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    const login = await client.login(email, PASSWORD);
    expect(login.user.id).toEqual(expect.any(String));
    expect(client.cookie).toEqual(expect.any(String));

    const user = await client.get<Record<string, unknown>>('/api/user');
    expect(user).toMatchObject({ id: login.user.id, email, name: 'Lin Chen' });
    const config = await client.get<Record<string, unknown>>('/api/config');
    expect(config).toMatchObject({ appTitle: expect.any(String), socialLogins: expect.any(Array) });
    const endpoints = await client.get<Record<string, Record<string, unknown>>>('/api/endpoints');
    expect(endpoints['openAI']).toMatchObject({ order: expect.any(Number), userProvide: false });
    const models = await client.get<Record<string, string[]>>('/api/models');
    expect(models['openAI']!.length).toBeGreaterThan(0);
    const override = await client.get<{ endpointsConfig: unknown; modelsConfig: unknown }>(
      '/api/endpoints/config/override',
    );
    expect(override).toEqual({ endpointsConfig: endpoints, modelsConfig: models });
    expect(await client.get<unknown>('/api/search/enable')).toBe(true);

    const chat = new ClientChat(client);
    const { outcome } = await chat.send({
      text: `Tell me about otters ${sim({ reply: 'Otters are playful.' })}`,
    });
    expect(outcome).toMatchObject({ status: 200, submitting: false, failures: [] });
    const conversationId = chat.conversation.conversationId!;
    // 2.5 s after the first reply of a new conversation the client asks for its title.
    const { title } = await client.post<{ title: string }>('/api/convos/gen_title', { conversationId });
    expect(title).toEqual(expect.any(String));
    expect(title.length).toBeGreaterThan(0);

    const page = await client.get<{ conversations: unknown[]; messages: unknown[]; pages: number }>(
      '/api/search?q=otters&pageNumber=1',
    );
    expect(page.messages.length).toBeGreaterThan(0);
    for (const message of page.messages) expect(() => clientMessageSchema.parse(message)).not.toThrow();
    for (const conversation of page.conversations) {
      expect(() => clientConversationSchema.parse(conversation)).not.toThrow();
    }

    await client.post('/api/auth/logout');
    client.token = null;
    expect(await client.start()).toBe('login');
  });
});
