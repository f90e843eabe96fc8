import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.test-helpers';
import { sim, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import { newUser } from '../factories.test-helpers';
import { ClientChat, OPENAI_OPTIONS } from './client-chat.test-helpers';
import { LibreChatClient } from './client.test-helpers';
import { clientApp, useSimulator } from './conformance.test-helpers';

// A full page load of /c/{id} in LibreChat's client (docs/reference/librechat-clients.md (A page load)): the tab
// holds only the refresh cookie. The config override and the endpoint list go out at once, without a token, beside
// the silent refresh;
// the models, the conversation, its messages and the presets follow with the token. The chat is shown only once
// the endpoint list, the models and the conversation are all in.

const simulator = useSimulator();

describe.each(testDialects())('LibreChat client: a page load of /c/{id} on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => ({ app } = await clientApp(dialect, simulator)));
  afterAll(() => app.close());

  /** A user with one exchanged turn, and a tab of theirs that holds only their refresh cookie. */
  async function reloadedTab() {
    const user = await newUser(app.app);
    const writer = new LibreChatClient(app.base);
    writer.token = user.token;
    const chat = new ClientChat(writer);
    await chat.send({ text: `Question ${sim({ reply: 'Answer.' })}` });
    const tab = new LibreChatClient(app.base);
    tab.cookie = user.cookie;
    return { tab, conversationId: chat.conversation.conversationId! };
  }

  it('answers the endpoint list sent before the refresh, so one refresh serves the whole load', async () => {
    const { tab, conversationId } = await reloadedTab();
    // The chat route's config override, the endpoint list and the silent refresh, all at once.
    const [override, endpoints, started] = await Promise.all([
      tab.get<Record<string, unknown>>('/api/endpoints/config/override'),
      tab.get<Record<string, unknown>>('/api/endpoints'),
      tab.start(),
    ]);
    // Without a token the override holds the endpoint list alone: the client takes it as the list, and has no models
    // to take from it.
    expect(override).toEqual({ endpointsConfig: endpoints });
    expect(started).toBe('signed-in');
    expect(Object.keys(endpoints)).toContain('openAI');
    const [models, convo, messages] = await Promise.all([
      tab.get<Record<string, string[]>>('/api/models'),
      tab.get<{ conversationId: string; endpoint: string }>(`/api/convos/${conversationId}`),
      tab.get<{ text: string }[]>(`/api/messages/${conversationId}`),
    ]);
    // What the chat route waits for before it shows the conversation.
    expect(models.openAI?.length).toBeGreaterThan(0);
    expect(convo).toMatchObject({ conversationId, endpoint: 'openAI' });
    expect(messages.map((m) => m.text)).toEqual([expect.stringContaining('Question'), 'Answer.']);

    // The endpoint list was never refused: the only refresh is the tab's own, and nothing was sent twice.
    expect(tab.sent.filter((call) => call === 'POST /api/auth/refresh')).toHaveLength(1);
    expect(tab.sent.slice(0, 2)).toEqual(['GET /api/endpoints/config/override', 'GET /api/endpoints']);
    expect(new Set(tab.sent).size).toBe(tab.sent.length);
    expect(tab.navigations).toEqual([]);
  });

  it('lists and saves presets after the load', async () => {
    const { tab } = await reloadedTab();
    await Promise.all([tab.get('/api/endpoints'), tab.start()]);
    expect(await tab.get('/api/presets')).toEqual([]);
    const saved = await tab.post<{ title: string }[]>('/api/presets', {
      ...OPENAI_OPTIONS,
      presetId: null,
      title: 'After reload',
    });
    expect(saved.map((p) => p.title)).toEqual(['After reload']);
    expect((await tab.get<{ title: string }[]>('/api/presets')).map((p) => p.title)).toEqual([
      'After reload',
    ]);
  });

  it('answers a signed-out tab the same endpoint list, and sends it to /login', async () => {
    const tab = new LibreChatClient(app.base);
    const [endpoints, started] = await Promise.all([tab.get('/api/endpoints'), tab.start()]);
    const owner = new LibreChatClient(app.base);
    owner.token = app.token;
    expect(endpoints).toEqual(await owner.get('/api/endpoints'));
    expect(started).toBe('login');
    expect(tab.sent.filter((call) => call === 'POST /api/auth/refresh')).toHaveLength(1);
  });
});
