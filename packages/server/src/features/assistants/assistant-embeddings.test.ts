import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID, type ContentPart } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAssistantChatApp, type AssistantChatApp } from './assistant-chat.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { eventually, send, sim } from '../chat/chat.test-helpers';
import { upload } from '../files/files.test-helpers';
import { startEmbeddingsServer, type EmbeddingsServer } from '../knowledge/embeddings-server.test-helpers';

// docs/reference/assistants.md (Embeddings): with EMBEDDINGS_MODEL set, knowledge files are indexed with vectors
// from the operator's server, and retrieval finds a passage by meaning when no word of the query is in it.

let simulator: Sim;
let embeddings: EmbeddingsServer;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
  embeddings = await startEmbeddingsServer();
});
afterAll(async () => {
  await simulator.close();
  await embeddings.close();
});

describe.each(testDialects())('assistants with embeddings on %s', (dialect) => {
  let app: AssistantChatApp;
  afterEach(() => app?.close());

  it(
    "indexes with the operator's embeddings model and finds a passage by meaning",
    { timeout: 60_000 },
    async () => {
      embeddings.requests.length = 0;
      app = await startAssistantChatApp(dialect, simulator, [{ type: 'retrieval' }], {
        EMBEDDINGS_MODEL: 'text-embedding-3-small',
        RAG_OPENAI_BASEURL: embeddings.baseURL,
        RAG_OPENAI_API_KEY: 'sk-embeddings',
      });
      const { assistant } = app;
      const res = await upload(app.app, app.token, {
        file: {
          name: 'garage.txt',
          data: Buffer.from('The car needs new tyres before winter.'),
          type: 'text/plain',
        },
        fields: { file_id: 'temp', endpoint: 'assistants', assistant_id: assistant.id },
      });
      expect(res.statusCode).toBe(201);
      const rows = await eventually(
        () => app.database.db.selectFrom('knowledge_files').select(['status', 'embedding_model']).execute(),
        (found) => found[0]?.status === 'ready',
        45_000,
      );
      expect(rows[0]?.embedding_model).toContain('text-embedding-3-small');
      const indexed = embeddings.requests[0];
      expect(indexed?.headers.authorization).toBe('Bearer sk-embeddings');
      expect(indexed?.body).toMatchObject({
        model: 'text-embedding-3-small',
        input: ['The car needs new tyres before winter.'],
      });

      // "automobile" is not a word of the file: only its meaning (the toy model's synonym of "car") finds it.
      const script = {
        steps: [
          { toolCalls: [{ name: 'retrieval', input: { query: 'automobile' } }] },
          { echoToolResults: true },
        ],
      };
      const chat = await send(app, '/api/assistants/chat', {
        parentMessageId: NIL_UUID,
        conversationId: null,
        assistant_id: assistant.id,
        text: `What about the automobile? ${sim(script)}`,
      });
      const content = chat.events.final?.responseMessage.content as ContentPart[];
      const step = content.find((p) => p.type === 'tool_call') as Extract<ContentPart, { type: 'tool_call' }>;
      expect(step.tool_call.output).toContain('The car needs new tyres before winter.');
      expect(embeddings.requests.at(-1)?.body.input).toEqual(['automobile']);
    },
  );
});
