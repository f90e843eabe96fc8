import type { AppDeps } from '../../app-deps';
import { operatorValue } from './operator-auth';
import { openPluginAuth } from './plugin-auth-crypto';
import { findPluginAuths } from './plugin-auths.repository';
import { findStorePlugin, type StorePlugin } from './store-catalogue';

/**
 * A plugin's credentials for one user, by `authField` as the catalogue writes it (the tool runtime's `auth`,
 * docs/reference/tools.md (The tool interface)): the operator's value first, else the user's own saved one. Null
 * when a field has neither, or the plugin is unknown; `{}` for a plugin that needs none. Only `userId`'s rows are
 * read, and each opens only for its own user, plugin and field.
 */
export async function pluginAuthFor(
  deps: Pick<AppDeps, 'config' | 'database'>,
  userId: string,
  pluginKey: string,
  extra: readonly StorePlugin[] = [],
): Promise<Record<string, string> | null> {
  const plugin = findStorePlugin(pluginKey, extra);
  if (!plugin) return null;
  const fromOperator = plugin.authConfig.map(({ authField }) => operatorValue(deps.config, authField));
  const rows = fromOperator.includes(undefined)
    ? await findPluginAuths(deps.database.db, userId, pluginKey)
    : [];
  const auth: Record<string, string> = {};
  for (const [i, { authField }] of plugin.authConfig.entries()) {
    const operator = fromOperator[i];
    if (operator !== undefined) {
      auth[authField] = operator;
      continue;
    }
    const row = rows.find((r) => r.auth_field === authField);
    if (!row) return null;
    auth[authField] = openPluginAuth(deps.config, userId, pluginKey, authField, row.value);
  }
  return auth;
}

/**
 * The fields of a plugin whose value comes from each user, not the operator (the ones `pluginAuthFor` reads from the
 * user's own saved values): a URL among them is a URL the user chose.
 */
export function userGivenFields(
  deps: Pick<AppDeps, 'config'>,
  pluginKey: string,
  extra: readonly StorePlugin[] = [],
): Set<string> {
  const plugin = findStorePlugin(pluginKey, extra);
  const fields = plugin?.authConfig.map(({ authField }) => authField) ?? [];
  return new Set(fields.filter((field) => operatorValue(deps.config, field) === undefined));
}
