import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { AppConfig } from '../../config/config.types';
import type { DeepPartial } from '../../../test/app.test-helpers';

// Shared by the assistants API tests; not part of the app.

/** An OpenAI key with a fixed model list and the assistants endpoint offering two of its models and one no one serves. */
export function assistantsConfig(assistants: Record<string, unknown> = {}): DeepPartial<AppConfig> {
  return {
    providers: { openAI: { apiKey: 'sk-test', models: ['gpt-4o', 'gpt-4o-mini', 'gpt-3.5-turbo-instruct'] } },
    yaml: {
      version: '1.0.3',
      endpoints: {
        assistants: {
          models: { default: ['gpt-4o', 'gpt-4o-mini', 'gpt-3.5-turbo-instruct', 'nowhere-1'] },
          ...assistants,
        },
      },
    } as DeepPartial<AppConfig>['yaml'],
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** One call to the assistants API as the signed-in user. */
export function assistantsCall(app: FastifyInstance, token: string) {
  return (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** An assistant row written directly (one made before a settings change, or with a known id). */
export async function insertAssistant(db: Db, userId: string, id: string, at = new Date().toISOString()) {
  await db
    .insertInto('assistants')
    .values({
      id,
      user_id: userId,
      model: 'gpt-4o',
      model_endpoint: 'openAI',
      tools: '[]',
      file_ids: '[]',
      metadata: '{}',
      created_at: at,
      updated_at: at,
    })
    .execute();
}
