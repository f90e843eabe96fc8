import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { ask, messagesOf, sim, startChatApp, type ChatApp } from './chat.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

interface Echo {
  model: string;
  auth: string;
  params: Record<string, unknown>;
  messages?: { role: string }[];
  contents?: { role: string }[];
}

/** The roles of the turns the provider received, system left out. */
const roles = (echo: Echo) =>
  (echo.messages ?? echo.contents ?? []).map((m) => m.role).filter((r) => r !== 'system');

const FAMILIES = [
  {
    endpoint: 'openAI',
    options: { model: 'gpt-4', temperature: 0.4 },
    wire: 'gpt-4',
    key: 'sk-openai',
    param: ['temperature', 0.4],
  },
  {
    endpoint: 'azureOpenAI',
    options: { model: 'gpt-4', top_p: 0.5 },
    wire: 'gpt4-dep',
    key: 'az-key',
    param: ['top_p', 0.5],
  },
  {
    endpoint: 'anthropic',
    options: { model: 'claude-2.1', temperature: 0.5 },
    wire: 'claude-2.1',
    key: 'sk-ant',
    param: ['temperature', 0.5],
  },
  {
    endpoint: 'google',
    options: { model: 'gemini-pro', topK: 20 },
    wire: 'gemini-pro',
    key: 'g-key',
    param: ['topK', 20],
  },
  {
    endpoint: 'Mistral',
    options: { model: 'mistral-tiny', temperature: 0.3 },
    wire: 'mistral-tiny',
    key: 'sk-custom',
    param: ['temperature', 0.3],
  },
] as const;

describe.each(testDialects())('chat through every endpoint family on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator);
  });
  afterAll(() => app.close());
  afterEach(() => simulator.clearRequests());

  it.each(FAMILIES)(
    '$endpoint: streams deltas, then final; the provider gets model, params, history, key',
    async (f) => {
      const first = await ask(app, f.endpoint, {
        text: `  Hello there ${sim({ echo: true, chunkSize: 7 })}  `,
        parentMessageId: NIL_UUID,
        conversationId: null,
        ...f.options,
      });
      expect(first.status).toBe(200);
      const { messages, deltas, final } = first.events;
      expect(messages[0]).toMatchObject({
        created: true,
        message: { isCreatedByUser: true, parentMessageId: NIL_UUID },
      });
      expect(messages.at(-1)).toBe(final);
      expect(deltas.length).toBeGreaterThan(1);
      expect(final!.requestMessage.text).toBe(`Hello there ${sim({ echo: true, chunkSize: 7 })}`);
      expect(deltas.join('')).toBe(final!.responseMessage.text);
      expect(final!.responseMessage).toMatchObject({
        parentMessageId: final!.requestMessage.messageId,
        isCreatedByUser: false,
        unfinished: false,
        error: false,
        endpoint: f.endpoint,
        model: f.options.model,
      });
      expect(final!.conversation).toMatchObject({ endpoint: f.endpoint, model: f.options.model });
      const echo = JSON.parse(final!.responseMessage.text) as Echo;
      expect(echo.model).toBe(f.wire);
      expect(echo.auth).toBe(f.key);
      expect(echo.params[f.param[0]]).toBe(f.param[1]);
      expect(roles(echo)).toEqual(['user']);

      const conversationId = final!.conversation.conversationId;
      const second = await ask(app, f.endpoint, {
        text: `Again ${sim({ echo: true })}`,
        parentMessageId: final!.responseMessage.messageId,
        conversationId,
        ...f.options,
      });
      const echo2 = JSON.parse(second.events.final!.responseMessage.text) as Echo;
      expect(roles(echo2)).toEqual(['user', f.endpoint === 'google' ? 'model' : 'assistant', 'user']);
      const saved = await messagesOf(app, conversationId);
      expect(saved.map((m) => m.messageId)).toEqual([
        final!.requestMessage.messageId,
        final!.responseMessage.messageId,
        second.events.final!.requestMessage.messageId,
        second.events.final!.responseMessage.messageId,
      ]);
    },
  );
});
