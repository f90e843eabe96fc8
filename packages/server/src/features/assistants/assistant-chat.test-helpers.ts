import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Assistant, AssistantTool } from '@parley/shared';
import type { DialectName } from '../../db/database';
import { post, startChatApp, type ChatApp, type SimLike } from '../chat/chat.test-helpers';

/** A chat app with the assistants endpoint on gpt-4o, its own data folder (files, sandboxes), and one assistant. */
export interface AssistantChatApp extends ChatApp {
  assistant: Assistant;
}

/**
 * Starts the app with `endpoints.assistants` (models: gpt-4o) and the environment `env` (EMBEDDINGS_MODEL, …) in a
 * fresh data folder, and creates an assistant with `tools`. `close` also removes the folder.
 */
export async function startAssistantChatApp(
  dialect: DialectName,
  simulator: SimLike,
  tools: AssistantTool[],
  env?: Record<string, string>,
): Promise<AssistantChatApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-assistant-chat-'));
  const app = await startChatApp(dialect, simulator, {
    dataDir,
    assistants: { models: { default: ['gpt-4o'] } } as never,
    ...(env ? { assistantsEnv: env } : {}),
  });
  const created = await post(app, app.token, '/api/assistants', { model: 'gpt-4o', tools });
  const assistant = (await created.json()) as Assistant;
  return {
    ...app,
    assistant,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
