import { NIL_UUID } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseReader } from '../../src/lib/sse.test-helpers';
import type { LocalServer } from '../../src/features/actions/local-api.test-helpers';
import {
  startLocalProvider,
  type LocalProvider,
} from '../../src/features/actions/local-oauth-provider.test-helpers';
import {
  ANSWER_TOOL,
  API_ANSWER,
  followConsent,
  oauthActionBody,
  startAnswerApi,
  untilConsentShown,
} from '../../src/features/assistants/assistant-oauth.test-helpers';
import { sim, startChatApp, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import { testDialects } from '../dialects.test-helpers';
import { LibreChatClient } from './client.test-helpers';
import { useSimulator } from './conformance.test-helpers';

// An OAuth action's step as LibreChat's client streams it (docs/reference/assistants.md (Signing in to an action)): the
// typed `tool_call` event carries `auth` (the address its Sign in button opens) and `expires_at` (ms) inside
// `tool_call` while progress is below 1, then an event without them, then the step's output.

const simulator = useSimulator();

describe.each(testDialects())('LibreChat client, an OAuth action, on %s', (dialect) => {
  let app: ChatApp;
  let client: LibreChatClient;
  let provider: LocalProvider;
  let api: LocalServer;
  beforeAll(async () => {
    provider = await startLocalProvider('post');
    api = await startAnswerApi();
    app = await startChatApp(dialect, simulator, {
      assistants: { models: { default: ['gpt-4o'] }, pollIntervalMs: 25 } as never,
      network: { userURLAllowedRanges: ['127.0.0.0/8'] },
    });
    client = new LibreChatClient(app.base);
    client.token = app.token;
  });
  afterAll(() => Promise.all([app.close(), provider.close(), api.close()]));

  it('shows the consent address in the tool_call part until the user signed in', async () => {
    const assistant = await client.post<{ id: string }>('/api/assistants', { model: 'gpt-4o' });
    await client.post(`/api/assistants/actions/${assistant.id}`, oauthActionBody(provider, api));
    const script = { steps: [{ toolCalls: [{ name: ANSWER_TOOL, input: {} }] }, { echoToolResults: true }] };
    const res = await client.raw('POST', '/api/assistants/chat', {
      text: `The answer? ${sim(script)}`,
      assistant_id: assistant.id,
      parentMessageId: NIL_UUID,
      conversationId: null,
      endpoint: 'assistants',
    });
    expect(res.status).toBe(200);
    const reader = sseReader(res.body!);
    const { step } = await untilConsentShown(reader);
    const shown = step as unknown as Record<string, unknown>;
    expect(shown).toEqual({
      type: 'tool_call',
      index: 0,
      messageId: expect.any(String),
      conversationId: expect.any(String),
      thread_id: expect.stringMatching(/^thread_/),
      tool_call: {
        id: expect.any(String),
        type: 'function',
        name: ANSWER_TOOL,
        arguments: '{}',
        output: null,
        progress: 0,
        function: { name: ANSWER_TOOL, arguments: '{}', output: null },
        auth: expect.stringMatching(new RegExp(`^${provider.origin}/authorize\\?`)),
        expires_at: expect.any(Number),
      },
    });
    // Milliseconds, as the client compares it with Date.now().
    expect(step.tool_call.expires_at! - Date.now()).toBeGreaterThan(9 * 60_000);

    expect((await followConsent(app.base, step.tool_call.auth!)).status).toBe(200);
    const frames = (await reader.rest()).map((f) => JSON.parse(f.data!) as Record<string, unknown>);
    const updates = frames
      .filter((f) => f['type'] === 'tool_call')
      .map((f) => f['tool_call'] as Record<string, unknown>);
    // LibreChat's server sends the step again without `auth` and `expires_at` once the sign-in is done.
    expect(updates[0]).toEqual(expect.objectContaining({ id: step.tool_call.id, output: null, progress: 0 }));
    expect(updates[0]).not.toHaveProperty('auth');
    expect(updates[0]).not.toHaveProperty('expires_at');
    expect(updates.at(-1)).toMatchObject({
      output: expect.stringContaining(API_ANSWER),
      progress: 1,
      function: { name: ANSWER_TOOL, output: expect.stringContaining(API_ANSWER) },
    });
    const final = frames.at(-1) as { final: boolean; run: { status: string } };
    expect(final).toMatchObject({ final: true, run: { status: 'completed' } });
  });
});
