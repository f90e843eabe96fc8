import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CONVERSATION_TITLE_MAX } from '@parley/shared';

/**
 * The inline title editor: Enter or leaving the field saves, Escape cancels. `onDone` gets the text, or
 * null to cancel, exactly once (Enter unmounts the field, which may also blur it).
 */
export function RenameInput({ title, onDone }: { title: string; onDone: (value: string | null) => void }) {
  const { t } = useTranslation();
  const done = useRef(false);
  const finish = (value: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter') {
      e.preventDefault();
      finish(e.currentTarget.value);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      finish(null);
    }
  };
  return (
    <input
      autoFocus
      onFocus={(e) => e.currentTarget.select()}
      defaultValue={title}
      maxLength={CONVERSATION_TITLE_MAX}
      aria-label={t('com_nav_convo_rename_label')}
      onKeyDown={onKeyDown}
      onBlur={(e) => finish(e.currentTarget.value)}
      className="h-9 w-full rounded-lg border border-teal-600 bg-white px-2 text-sm text-zinc-900 outline-none focus-visible:ring-2 focus-visible:ring-teal-600/30 dark:bg-zinc-800 dark:text-zinc-50"
    />
  );
}
