import { Globe, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Assistant } from '@parley/shared';
import { useActionsQuery } from '../actions.api';
import { useBuilderStore } from '../builder.store';

/** The assistant's actions, each opening the actions editor, and Add actions (once the assistant is saved). */
export function ActionsList({ assistant }: { assistant: Assistant | null }) {
  const { t } = useTranslation();
  const actions = useActionsQuery(assistant !== null);
  const openAction = useBuilderStore((s) => s.openAction);
  const mine = (actions.data ?? []).filter((a) => a.assistant_id === assistant?.id);
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('com_assistants_actions')}</h2>
      {!assistant && (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('com_assistants_actions_unsaved')}</p>
      )}
      {mine.length > 0 && (
        <ul data-testid="assistant-actions" className="flex flex-col gap-1">
          {mine.map((action) => (
            <li key={action.action_id}>
              <button
                type="button"
                data-action-id={action.action_id}
                onClick={() => openAction(action.action_id)}
                className="flex w-full items-center gap-2 rounded-lg border border-zinc-200 px-2.5 py-2 text-start text-sm text-zinc-900 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-900"
              >
                <Globe className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" aria-hidden="true" />
                <span className="min-w-0 flex-1 truncate">{action.metadata.domain ?? action.action_id}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        disabled={!assistant}
        onClick={() => openAction(null)}
        data-testid="assistant-add-actions"
        className="inline-flex h-9 items-center justify-center gap-2 rounded-lg border border-zinc-300 text-sm font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        <Plus className="size-4" aria-hidden="true" />
        {t('com_assistants_add_actions')}
      </button>
    </section>
  );
}
