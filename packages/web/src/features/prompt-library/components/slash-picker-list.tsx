import type { PromptEntry } from '@parley/shared';
import { useTranslation } from 'react-i18next';

import { SLASH_PICKER_ID, pickerOptionId } from '../slash-picker';

interface SlashPickerListProps {
  entries: PromptEntry[];
  pick: number;
  loading: boolean;
  onChoose: (entry: PromptEntry) => void;
}

/** The slash picker's list above the message box; the box keeps the focus (aria-activedescendant names the row). */
export function SlashPickerList({ entries, pick, loading, onChoose }: SlashPickerListProps) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <p className="px-3 py-2 text-sm text-zinc-600 dark:text-zinc-400" role="status">
        {loading ? '…' : t('com_prompts_picker_empty')}
      </p>
    );
  }
  return (
    <ul
      id={SLASH_PICKER_ID}
      role="listbox"
      aria-label={t('com_prompts_picker')}
      data-testid="prompt-slash-picker"
      className="mb-1 max-h-64 overflow-y-auto border-b border-zinc-200 pb-1 dark:border-zinc-800"
    >
      {entries.map((entry, index) => (
        <li
          key={entry.id}
          id={pickerOptionId(index)}
          role="option"
          aria-selected={index === pick}
          // The box keeps the focus: a click chooses without blurring it.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(entry)}
          className="cursor-pointer rounded-xl px-3 py-1.5 text-start aria-selected:bg-teal-50 dark:aria-selected:bg-teal-950"
        >
          <span className="block truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
            {entry.title}
          </span>
          <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">
            {entry.promptPrefix}
          </span>
        </li>
      ))}
    </ul>
  );
}
