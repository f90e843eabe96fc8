import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PluginListEntry } from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Spinner } from '../../../components/ui/spinner';
import { PluginIcon } from '../../plugins/components/plugin-icon';

interface ToolsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chosen: readonly string[];
  onToggle: (pluginKey: string) => void;
  tools: UseQueryResult<PluginListEntry[]>;
}

/**
 * The plugins an assistant may be given (`GET /api/assistants/tools`): each with its icon, name and description and
 * an Add or Remove button. A choice is the form's until Save or Create.
 */
export function ToolsDialog({ open, onOpenChange, chosen, onToggle, tools }: ToolsDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('com_assistants_tools_dialog')}
      description={t('com_assistants_tools_dialog_info')}
      widthClass="max-w-2xl"
      testId="assistant-tools-dialog"
    >
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {tools.isPending ? (
          <Spinner />
        ) : tools.isError ? (
          <Alert>{t('com_assistants_tools_error')}</Alert>
        ) : tools.data.length === 0 ? (
          <p className="py-8 text-center text-sm text-zinc-500 dark:text-zinc-400">
            {t('com_assistants_tools_none')}
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {tools.data.map((plugin) => {
              const added = chosen.includes(plugin.pluginKey);
              return (
                <li
                  key={plugin.pluginKey}
                  data-plugin={plugin.pluginKey}
                  className="flex items-start gap-3 rounded-xl border border-zinc-200 p-3 dark:border-zinc-800"
                >
                  <PluginIcon name={plugin.name} icon={plugin.icon} />
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
                      {plugin.name}
                    </span>
                    <span className="line-clamp-2 text-xs text-zinc-500 dark:text-zinc-400">
                      {plugin.description}
                    </span>
                    <button
                      type="button"
                      aria-pressed={added}
                      aria-label={t(added ? 'com_assistants_tool_remove' : 'com_assistants_tool_add', {
                        name: plugin.name,
                      })}
                      onClick={() => onToggle(plugin.pluginKey)}
                      className={`mt-1 inline-flex h-8 w-fit items-center rounded-lg px-3 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 ${
                        added
                          ? 'border border-zinc-300 text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800'
                          : 'bg-teal-700 text-white hover:bg-teal-800'
                      }`}
                    >
                      {t(added ? 'com_assistants_remove' : 'com_assistants_add')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </DialogFrame>
  );
}
