import type { PluginListEntry } from '@parley/shared';
import type { StoredTool } from '../../lib/storage';

/** The user's installed plugins, in the store's order. */
export function installedPlugins(
  plugins: readonly PluginListEntry[],
  installedKeys: readonly string[],
): PluginListEntry[] {
  const installed = new Set(installedKeys);
  return plugins.filter((p) => installed.has(p.pluginKey));
}

/** The conversation's `tools` after toggling one key, in the order of the installed list. */
export function toggleTool(
  selected: readonly string[],
  pluginKey: string,
  installed: readonly PluginListEntry[],
): string[] {
  const next = new Set(selected);
  if (next.has(pluginKey)) next.delete(pluginKey);
  else next.add(pluginKey);
  return installed.map((p) => p.pluginKey).filter((key) => next.has(key));
}

/** What `lastSelectedTools` stores for the keys: the plugin objects, without the user-specific `authenticated`. */
export function toolsToStore(keys: readonly string[], plugins: readonly PluginListEntry[]): StoredTool[] {
  return keys.map((key) => {
    const plugin = plugins.find((p) => p.pluginKey === key);
    if (!plugin) return { pluginKey: key };
    const { authenticated: _a, ...stored } = plugin;
    return stored;
  });
}

/** The keys of remembered tools the user still has installed (an uninstalled one is not sent). */
export function rememberedKeys(
  stored: readonly StoredTool[] | null,
  installedKeys: readonly string[],
): string[] {
  const installed = new Set(installedKeys);
  return (stored ?? []).map((t) => t.pluginKey).filter((key) => installed.has(key));
}
