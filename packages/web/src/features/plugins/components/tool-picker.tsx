import { ChevronDown, Store } from 'lucide-react';
import { use, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectedTool } from '@parley/shared';
import { buttonBase } from '../../../components/ui/button';
import { fieldHint, fieldLabel } from '../../endpoints/components/settings/field-styles';
import { pluginTexts } from '../plugin-texts';
import { usePluginStore } from '../plugin-store.store';
import { useToolChoice } from '../use-tool-choice';
import { PluginIcon } from './plugin-icon';
import { ToolMenu } from './tool-menu';

interface ToolPickerProps {
  /** The conversation's tools: keys, or plugin objects as LibreChat's client keeps them. */
  value: readonly SelectedTool[] | null | undefined;
  onChange: (tools: string[]) => void;
}

const trigger =
  'flex h-10 w-full items-center gap-2 rounded-lg border border-zinc-300 bg-white px-3 text-start text-sm text-zinc-900 shadow-xs outline-none focus-visible:border-teal-600 focus-visible:ring-3 focus-visible:ring-teal-600/20 data-[state=open]:border-teal-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/**
 * The Plugins endpoint's tools: a multi-select of the user's installed plugins, sent as the conversation's `tools`
 * and remembered as `lastSelectedTools` for the next Plugins chat; the way into the store sits beside it.
 */
export function ToolPicker({ value, onChange }: ToolPickerProps) {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(pluginTexts);
  const { t } = useTranslation();
  const choice = useToolChoice(value, onChange);
  const { chosen } = choice;
  const showStore = usePluginStore((s) => s.show);
  const labelId = useId();

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
      <ToolMenu
        choice={choice}
        trigger={
          <button type="button" className={trigger} aria-labelledby={`${labelId} ${labelId}-value`}>
            <span className="flex shrink-0 -space-x-1.5" aria-hidden="true">
              {chosen.slice(0, 4).map((p) => (
                <PluginIcon key={p.pluginKey} name={p.name} icon={p.icon} sizeClass="size-6" />
              ))}
            </span>
            <span id={`${labelId}-value`} className="min-w-0 flex-1 truncate">
              {chosen.length === 0
                ? t('com_nav_plugin_picker_none')
                : chosen.length <= 2
                  ? chosen.map((p) => p.name).join(t('com_nav_plugin_picker_separator'))
                  : t('com_nav_plugin_picker_count', { count: chosen.length })}
            </span>
            <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
          </button>
        }
      />
      <p className={fieldHint}>{t('com_nav_plugin_picker_hint')}</p>
    </div>
  );
}
