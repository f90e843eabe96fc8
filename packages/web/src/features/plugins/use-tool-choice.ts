import { selectedToolKeys, STORAGE_KEYS, type PluginListEntry, type SelectedTool } from '@parley/shared';
import { storage } from '../../lib/storage';
import { useInstalledKeys, usePluginsQuery } from './plugins.api';
import { installedPlugins, toggleTool, toolsToStore } from './selected-tools';

export interface ToolChoice {
  /** The user's installed plugins, in the store's order. */
  installed: PluginListEntry[];
  /** The selected keys that are installed (an uninstalled one is neither shown nor sent). */
  selected: string[];
  /** The installed plugins that are selected, in the store's order. */
  chosen: PluginListEntry[];
  /** Selects or unselects one plugin, and remembers the choice as `lastSelectedTools`. */
  toggle: (pluginKey: string) => void;
}

/**
 * The Plugins endpoint's choice of tools, shared by the tool picker of the conversation settings and the tool bar
 * above the message box, so both show and change the same `tools` of the conversation.
 */
export function useToolChoice(
  value: readonly SelectedTool[] | null | undefined,
  onChange: (tools: string[]) => void,
): ToolChoice {
  const { data: plugins = [] } = usePluginsQuery();
  const installed = installedPlugins(plugins, useInstalledKeys());
  const selected = selectedToolKeys(value).filter((key) => installed.some((p) => p.pluginKey === key));
  const chosen = installed.filter((p) => selected.includes(p.pluginKey));
  const toggle = (pluginKey: string) => {
    const next = toggleTool(selected, pluginKey, installed);
    storage.set(STORAGE_KEYS.lastSelectedTools, toolsToStore(next, plugins));
    onChange(next);
  };
  return { installed, selected, chosen, toggle };
}
