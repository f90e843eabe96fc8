import { unknownPlugin, type PluginListEntry, type PublicUser, type UpdateUserPlugins } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { findUserById } from '../users/users.repository';
import { parsePlugins, toPublicUser } from '../users/users.service';
import { credentialsToSave } from './install-rules';
import { readInstalledForUpdate, writeInstalled } from './installed-plugins.repository';
import { operatorValue } from './operator-auth';
import { sealPluginAuth } from './plugin-auth-crypto';
import * as repo from './plugin-auths.repository';
import { findStorePlugin, storePlugins, type StorePlugin } from './store-catalogue';

const notKnown = (pluginKey: string) =>
  new AppError('VALIDATION', unknownPlugin(pluginKey), { field: 'pluginKey' });

/**
 * `GET /api/plugins` (docs/reference/tools.md (The plugin store)): the store's plugins, each `authenticated` when
 * every field is set by the operator or saved by this user. Only which fields are saved is read, never a value.
 */
export async function listPlugins(
  deps: AppDeps,
  userId: string,
  extra: readonly StorePlugin[],
): Promise<PluginListEntry[]> {
  const saved = new Set(
    (await repo.listSavedFields(deps.database.db, userId)).map((r) =>
      JSON.stringify([r.plugin_key, r.auth_field]),
    ),
  );
  return storePlugins(extra).map((plugin) => ({
    name: plugin.name,
    pluginKey: plugin.pluginKey,
    description: plugin.description,
    icon: plugin.icon,
    authConfig: plugin.authConfig.map(({ authField, label, description }) => ({
      authField,
      label,
      description,
    })),
    authenticated: plugin.authConfig.every(
      ({ authField }) =>
        operatorValue(deps.config, authField) !== undefined ||
        saved.has(JSON.stringify([plugin.pluginKey, authField])),
    ),
  }));
}

/**
 * `POST /api/user/plugins`: installs (saving the user's credentials) or uninstalls (deleting them) in one
 * transaction, so a refused request writes nothing; answers the user as `GET /api/user` does. `isAssistantTool` has
 * no effect yet.
 */
export async function updateUserPlugins(
  deps: AppDeps,
  userId: string,
  input: UpdateUserPlugins,
  extra: readonly StorePlugin[],
): Promise<PublicUser> {
  const db = deps.database.db;
  await db.transaction().execute(async (trx) => {
    const installed = parsePlugins(await readInstalledForUpdate(trx, userId));
    const plugin = findStorePlugin(input.pluginKey, extra);
    const next =
      input.action === 'install'
        ? await install(deps, trx, userId, installed, plugin, input)
        : await uninstall(trx, userId, installed, plugin, input.pluginKey);
    await writeInstalled(trx, userId, next, nowIso());
  });
  const row = await findUserById(db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return toPublicUser(deps.config, row);
}

async function install(
  deps: AppDeps,
  trx: Db,
  userId: string,
  installed: string[],
  plugin: StorePlugin | undefined,
  input: UpdateUserPlugins,
): Promise<string[]> {
  if (!plugin) throw notKnown(input.pluginKey);
  const key = plugin.pluginKey;
  const saved = new Set((await repo.findPluginAuths(trx, userId, key)).map((r) => r.auth_field));
  const now = nowIso();
  for (const { authField, value } of credentialsToSave(deps.config, plugin, input.auth, saved)) {
    await repo.upsertPluginAuth(trx, {
      user_id: userId,
      plugin_key: key,
      auth_field: authField,
      value: sealPluginAuth(deps.config, userId, key, authField, value),
      created_at: now,
      updated_at: now,
    });
  }
  return installed.includes(key) ? installed : [...installed, key];
}

/** A key the store no longer offers may still be uninstalled while the user has it (a removed MCP server's tool). */
async function uninstall(
  trx: Db,
  userId: string,
  installed: string[],
  plugin: StorePlugin | undefined,
  pluginKey: string,
): Promise<string[]> {
  if (!plugin && !installed.includes(pluginKey)) throw notKnown(pluginKey);
  await repo.deletePluginAuths(trx, userId, pluginKey);
  return installed.filter((k) => k !== pluginKey);
}
