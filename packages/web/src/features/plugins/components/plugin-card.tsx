import { useTranslation } from 'react-i18next';
import type { PluginListEntry } from '@parley/shared';
import { buttonBase } from '../../../components/ui/button';
import { PluginIcon } from './plugin-icon';

export type CardBusy = 'install' | 'uninstall' | null;

interface PluginCardProps {
  plugin: PluginListEntry;
  installed: boolean;
  busy: CardBusy;
  onInstall: () => void;
  onUninstall: () => void;
}

const installLook = 'bg-teal-700 text-white hover:bg-teal-800 disabled:bg-teal-700/60';
const uninstallLook =
  'border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-50 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800';

/** One plugin of the store: icon, name, what it does, and the one action it allows now. */
export function PluginCard({ plugin, installed, busy, onInstall, onUninstall }: PluginCardProps) {
  const { t } = useTranslation();
  const { name } = plugin;
  const label = busy
    ? t(busy === 'install' ? 'com_ui_plugins_installing' : 'com_ui_plugins_uninstalling')
    : t(installed ? 'com_ui_plugins_uninstall' : 'com_ui_plugins_install');
  return (
    <li
      data-testid="plugin-card"
      data-plugin-key={plugin.pluginKey}
      className="flex min-w-0 flex-col gap-2.5 rounded-xl border border-zinc-200 bg-zinc-50/60 p-2.5 sm:p-3 dark:border-zinc-800 dark:bg-zinc-950/40"
    >
      <div className="flex min-w-0 items-center gap-2 sm:gap-2.5">
        {/* Smaller on a phone, where two cards share a row and the name needs the room. */}
        <PluginIcon name={name} icon={plugin.icon} sizeClass="size-8 sm:size-10" />
        <div className="min-w-0">
          <h3
            className="line-clamp-2 text-sm font-semibold break-words text-zinc-900 dark:text-zinc-50"
            title={name}
          >
            {name}
          </h3>
          {installed ? (
            <p className="text-xs text-teal-700 dark:text-teal-300">{t('com_nav_plugin_installed')}</p>
          ) : (
            !plugin.authenticated && (
              <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('com_nav_plugin_needs_setup')}</p>
            )
          )}
        </div>
      </div>
      <p className="line-clamp-3 flex-1 text-xs leading-relaxed text-zinc-600 dark:text-zinc-300">
        {plugin.description}
      </p>
      <button
        type="button"
        data-testid={installed ? 'plugin-uninstall' : 'plugin-install'}
        disabled={busy !== null}
        aria-label={
          busy
            ? undefined
            : t(installed ? 'com_ui_plugins_uninstall_named' : 'com_ui_plugins_install_named', { name })
        }
        onClick={installed ? onUninstall : onInstall}
        className={`${buttonBase} h-9 w-full px-3 ${installed ? uninstallLook : installLook}`}
      >
        {label}
      </button>
    </li>
  );
}
