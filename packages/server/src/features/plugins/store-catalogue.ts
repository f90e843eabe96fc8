import { BUILTIN_PLUGINS, type Plugin } from '@parley/shared';

/** A plugin the store offers, before this user's `authenticated` is worked out. */
export type StorePlugin = Omit<Plugin, 'authenticated'>;

/**
 * The store's plugins: the built-in catalogue, then `extra` (the app's services hand in plugins found at run time,
 * such as an MCP server's tools; none yet). A built-in key wins over an extra one of the same key.
 */
export function storePlugins(extra: readonly StorePlugin[] = []): StorePlugin[] {
  const builtIn = new Set(BUILTIN_PLUGINS.map((p) => p.pluginKey));
  return [...BUILTIN_PLUGINS, ...extra.filter((p) => !builtIn.has(p.pluginKey))];
}

export function findStorePlugin(
  pluginKey: string,
  extra: readonly StorePlugin[] = [],
): StorePlugin | undefined {
  return storePlugins(extra).find((p) => p.pluginKey === pluginKey);
}
