import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, Plus, Store } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { selectedToolKeys, STORAGE_KEYS, type SelectedTool } from '@parley/shared';
import { buttonBase } from '../../../components/ui/button';
import { storage } from '../../../lib/storage';
import { menuItem, menuPanel } from '../../endpoints/components/menu-styles';
import { fieldHint, fieldLabel } from '../../endpoints/components/settings/field-styles';
import '../plugin-texts';
import { usePluginStore } from '../plugin-store.store';
import { useInstalledKeys, usePluginsQuery } from '../plugins.api';
import { installedPlugins, toggleTool, toolsToStore } from '../selected-tools';
import { PluginIcon } from './plugin-icon';

interface ToolPickerProps {
  /** The conversation's `tools`: plugin keys. */
  /** The conversation's tools: keys, or plugin objects as LibreChat's client keeps them. */
  value: readonly SelectedTool[] | null | undefined;
  onChange: (tools: string[]) => void;
}

const trigger =
  'flex h-10 w-full items-center gap-2 rounded-lg border border-zinc-300 bg-white px-3 text-left text-sm text-zinc-900 shadow-xs outline-none focus-visible:border-teal-600 focus-visible:ring-3 focus-visible:ring-teal-600/20 data-[state=open]:border-teal-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/**
 * The Plugins endpoint's tools: a multi-select of the user's installed plugins, sent as the conversation's `tools`
 * and remembered as `lastSelectedTools` for the next Plugins chat; the way into the store sits beside it.
 */
export function ToolPicker({ value, onChange }: ToolPickerProps) {
  const { t } = useTranslation();
  const { data: plugins = [] } = usePluginsQuery();
  const installed = installedPlugins(plugins, useInstalledKeys());
  const showStore = usePluginStore((s) => s.show);
  const labelId = useId();
  const selected = selectedToolKeys(value).filter((key) => installed.some((p) => p.pluginKey === key));
  const chosen = installed.filter((p) => selected.includes(p.pluginKey));

  const toggle = (pluginKey: string) => {
    const next = toggleTool(selected, pluginKey, installed);
    storage.set(STORAGE_KEYS.lastSelectedTools, toolsToStore(next, plugins));
    onChange(next);
  };

  return (
    <div className="flex flex-col gap-2" data-testid="tool-picker">
      <div className="flex items-center justify-between gap-2">
        <span id={labelId} className={fieldLabel}>
          {t('com_nav_plugin_picker_label')}
        </span>
        <button
          type="button"
          onClick={showStore}
          data-testid="open-plugin-store"
          className={`${buttonBase} h-8 px-2 text-teal-800 hover:bg-teal-50 dark:text-teal-200 dark:hover:bg-teal-950/50`}
        >
          <Store aria-hidden="true" className="size-4" />
          {t('com_nav_plugin_store')}
        </button>
      </div>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger className={trigger} aria-labelledby={`${labelId} ${labelId}-value`}>
          <span className="flex shrink-0 -space-x-1.5" aria-hidden="true">
            {chosen.slice(0, 4).map((p) => (
              <PluginIcon key={p.pluginKey} name={p.name} icon={p.icon} sizeClass="size-6" />
            ))}
          </span>
          <span id={`${labelId}-value`} className="min-w-0 flex-1 truncate">
            {chosen.length === 0
              ? t('com_nav_plugin_picker_none')
              : chosen.length <= 2
                ? chosen.map((p) => p.name).join('、')
                : t('com_nav_plugin_picker_count', { count: chosen.length })}
          </span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            collisionPadding={8}
            className={`${menuPanel} max-h-[var(--radix-dropdown-menu-content-available-height)] w-[var(--radix-dropdown-menu-trigger-width)] overflow-y-auto`}
          >
            {installed.length === 0 && (
              <p className="px-2.5 py-2 text-zinc-600 dark:text-zinc-300">
                {t('com_nav_plugin_picker_empty')}
              </p>
            )}
            {installed.map((p) => (
              <DropdownMenu.CheckboxItem
                key={p.pluginKey}
                checked={selected.includes(p.pluginKey)}
                // Choosing several is the point: the menu stays open between picks.
                onSelect={(e) => e.preventDefault()}
                onCheckedChange={() => toggle(p.pluginKey)}
                className={menuItem}
                data-testid="tool-option"
              >
                <PluginIcon name={p.name} icon={p.icon} sizeClass="size-6" />
                <span className="min-w-0 flex-1 truncate">{p.name}</span>
                <DropdownMenu.ItemIndicator>
                  <Check aria-hidden="true" className="size-4 text-teal-700 dark:text-teal-300" />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.CheckboxItem>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-700" />
            <DropdownMenu.Item className={menuItem} onSelect={showStore} data-testid="tool-install-more">
              <Plus aria-hidden="true" className="size-4" />
              {t('com_nav_plugin_install_more')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <p className={fieldHint}>{t('com_nav_plugin_picker_hint')}</p>
    </div>
  );
}
