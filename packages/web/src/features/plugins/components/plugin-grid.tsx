import type { PluginListEntry } from '@parley/shared';
import { PluginCard } from './plugin-card';
import type { Busy } from './use-plugin-actions';

interface PluginGridProps {
  plugins: PluginListEntry[];
  installed: readonly string[];
  busy: Busy | null;
  columnsClass: string;
  perPage: number;
  onInstall: (plugin: PluginListEntry) => void;
  onUninstall: (plugin: PluginListEntry) => void;
}

/** One page of cards as a list; the page size is on it so a test reads the rule the grid follows. */
export function PluginGrid({
  plugins,
  installed,
  busy,
  columnsClass,
  perPage,
  onInstall,
  onUninstall,
}: PluginGridProps) {
  return (
    <ul data-testid="plugin-grid" data-per-page={perPage} className={`grid gap-3 ${columnsClass}`}>
      {plugins.map((plugin) => (
        <PluginCard
          key={plugin.pluginKey}
          plugin={plugin}
          installed={installed.includes(plugin.pluginKey)}
          busy={busy?.pluginKey === plugin.pluginKey ? busy.action : null}
          onInstall={() => onInstall(plugin)}
          onUninstall={() => onUninstall(plugin)}
        />
      ))}
    </ul>
  );
}
