import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Assistant } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../toast/toast.store';
import { assistantLabel } from '../assistant-form';
import { useBuilderStore } from '../builder.store';
import { useChatWithAssistant } from '../hooks/use-chat-with-assistant';

interface AssistantSelectProps {
  assistants: readonly Assistant[];
  current: Assistant | null;
  /** Bumped when the user opens the panel: the selector takes the focus then. */
  focusRequest: number;
}

/** Which assistant the builder edits ("Create assistant" for a new one), and Select to chat with it. */
export function AssistantSelect({ assistants, current, focusRequest }: AssistantSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const ref = useRef<HTMLSelectElement>(null);
  const edit = useBuilderStore((s) => s.edit);
  const chatWith = useChatWithAssistant();

  useEffect(() => {
    if (focusRequest > 0) ref.current?.focus();
  }, [focusRequest]);

  return (
    <div className="flex shrink-0 items-end gap-2 border-b border-zinc-200 px-3 py-3 dark:border-zinc-800">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
          {t('com_assistants_select_label')}
        </label>
        <select
          id={id}
          ref={ref}
          data-testid="assistant-select"
          value={current?.id ?? ''}
          onChange={(e) => edit(e.target.value || null)}
          className="select-control h-9 w-full max-w-none"
        >
          <option value="">{t('com_assistants_create_new')}</option>
          {assistants.map((a) => (
            <option key={a.id} value={a.id}>
              {assistantLabel(a)}
            </option>
          ))}
        </select>
      </div>
      <Button
        variant="secondary"
        className="h-9! shrink-0"
        disabled={!current}
        title={t('com_assistants_select_title')}
        data-testid="assistant-use"
        onClick={() => {
          if (!current) return;
          chatWith(current);
          showToast({
            message: t('com_assistants_selected', { name: assistantLabel(current) }),
            severity: 'success',
          });
        }}
      >
        {t('com_ui_select')}
      </Button>
    </div>
  );
}
