import type { FastifyInstance } from 'fastify';
import { pathOf, type PluginListEntry } from '@parley/shared';
import type { TestApp } from '../../../test/app.test-helpers';

// The plugin store's calls as its tests make them; not part of the app.

/** Long enough for the 10-character rule; each test makes its own so one value never stands for another. */
export const GOOGLE_KEY = 'AIza-user-google-key-0001';
export const CSE_ID = 'cse-id-of-the-user-01';

export function listPlugins(app: FastifyInstance, token?: string) {
  return app.inject({
    method: 'GET',
    url: pathOf('listPlugins'),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export function updatePlugins(app: FastifyInstance, token: string | undefined, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: pathOf('updateUserPlugins'),
    // Sent as JSON text, so a body that is not an object (a bare string) still reaches validation as JSON.
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: JSON.stringify(payload),
  });
}

/** The `authenticated` flag of each plugin of the list, by key. */
export async function authenticatedFlags(app: FastifyInstance, token: string) {
  const res = await listPlugins(app, token);
  if (res.statusCode !== 200) throw new Error(`list answered ${res.statusCode}: ${res.body}`);
  return Object.fromEntries(res.json<PluginListEntry[]>().map((p) => [p.pluginKey, p.authenticated]));
}

/** Every saved row of a user, as stored. */
export function savedRows(t: TestApp, userId: string) {
  return t.database.db.selectFrom('plugin_auths').selectAll().where('user_id', '=', userId).execute();
}
