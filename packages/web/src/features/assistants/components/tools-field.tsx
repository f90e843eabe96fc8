import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { iconButton } from '../../../components/ui/button';
import { PluginIcon } from '../../plugins/components/plugin-icon';
import type { AssistantFormValues } from '../assistant-form';
import { useAssistantToolsQuery } from '../assistants.api';
import { ToolsDialog } from './tools-dialog';

/** The plugins the assistant may call, each removable, and Add tools, which opens the tools dialog. */
export function ToolsField({ control }: { control: Control<AssistantFormValues> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { field } = useController({ control, name: 'functions' });
  const tools = useAssistantToolsQuery();
  const chosen: string[] = field.value;
  const plugin = (key: string) => tools.data?.find((p) => p.pluginKey === key);
  const toggle = (key: string) =>
    field.onChange(chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key]);

  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('com_assistants_tools')}</h2>
      {chosen.length > 0 && (
        <ul data-testid="assistant-tools" className="flex flex-col gap-1">
          {chosen.map((key) => {
            const name = plugin(key)?.name ?? key;
            return (
              <li
                key={key}
                data-tool={key}
                className="flex items-center gap-2 rounded-lg border border-zinc-200 py-1 pe-1 ps-1.5 dark:border-zinc-800"
              >
                <PluginIcon name={name} icon={plugin(key)?.icon ?? ''} sizeClass="size-7" />
                <span className="min-w-0 flex-1 truncate text-sm text-zinc-900 dark:text-zinc-100">
                  {name}
                </span>
                <button
                  type="button"
                  aria-label={t('com_assistants_tool_remove', { name })}
                  title={t('com_assistants_tool_remove', { name })}
                  onClick={() => toggle(key)}
                  className={`${iconButton} size-8! shrink-0`}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <button
        type="button"
        onClick={() => setOpen(true)}
        data-testid="assistant-add-tools"
        className="inline-flex h-9 items-center justify-center gap-2 rounded-lg border border-zinc-300 text-sm font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        <Plus className="size-4" aria-hidden="true" />
        {t('com_assistants_add_tools')}
      </button>
      <ToolsDialog open={open} onOpenChange={setOpen} chosen={chosen} onToggle={toggle} tools={tools} />
    </section>
  );
}
