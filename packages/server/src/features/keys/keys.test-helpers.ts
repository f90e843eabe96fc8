import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { encrypt } from '../../lib/crypto';
import { upsertUserKey } from './keys.repository';

// Shared by the keys tests; not part of the app.

export const MISTRAL_YAML = {
  version: '1.0.3',
  endpoints: {
    custom: [
      { name: 'Mistral', apiKey: 'user_provided', baseURL: 'user_provided', models: { default: ['m'] } },
      {
        name: 'Groq',
        apiKey: 'user_provided',
        baseURL: 'https://api.groq.com/v1',
        models: { default: ['g'] },
      },
      { name: 'Fixed', apiKey: 'sk-operator', baseURL: 'https://example.com/v1', models: { default: ['f'] } },
    ],
  },
};

export const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

export function putKey(app: FastifyInstance, token: string, body: object) {
  return app.inject({
    method: 'PUT',
    url: '/api/keys',
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });
}

export function getKey(app: FastifyInstance, token: string, name: string) {
  return app.inject({
    method: 'GET',
    url: `/api/keys?name=${encodeURIComponent(name)}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

export function deleteKey(app: FastifyInstance, token: string, url: string) {
  return app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });
}

/**
 * Stores a key as it is, past the save rules: a key saved before a rule existed. Encrypted as keys.service.ts does
 * (bound to its owner and name); if that binding changed, reading it fails and so does the test using it.
 */
export async function storeKeyAsIs(
  deps: AppDeps,
  userId: string,
  name: string,
  value: string,
): Promise<void> {
  const now = new Date().toISOString();
  await upsertUserKey(deps.database.db, {
    user_id: userId,
    name,
    value: encrypt(value, deps.config, `user_key:${userId}:${name}`),
    expires_at: null,
    created_at: now,
    updated_at: now,
  });
}
