import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/shared';
import { Button } from '../../../components/ui/button';

interface MessageEditorProps {
  message: Message;
  initialText: string;
  submitting: boolean;
  onSave: (text: string, submit: boolean) => void;
  onCancel: () => void;
}

/**
 * Edits a message in place (docs/reference/messages.md (Editing a message in place)): Save & Submit resends a user
 * message as a new sibling, Save changes the text only, Cancel (or Escape) leaves it. Ctrl/Cmd+Enter saves and submits.
 */
export function MessageEditor({ message, initialText, submitting, onSave, onCancel }: MessageEditorProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const area = useRef<HTMLTextAreaElement>(null);
  const canSubmit = message.isCreatedByUser;
  const blank = text.trim() === '';

  // Grows with its text (CSS field-sizing is not everywhere yet); the max height then scrolls.
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [text]);

  useLayoutEffect(() => {
    const el = area.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const save = (submit: boolean) => {
    if (blank || (submit && submitting)) return;
    onSave(text, submit);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      save(canSubmit);
    }
  };

  return (
    <div className="w-full rounded-2xl border border-zinc-300 bg-white p-2 shadow-sm focus-within:border-teal-600 focus-within:ring-3 focus-within:ring-teal-600/15 dark:border-zinc-700 dark:bg-zinc-900">
      <textarea
        dir="auto"
        ref={area}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        aria-label={t('com_ui_msg_edit_label')}
        rows={1}
        className="block max-h-[50dvh] min-h-12 w-full resize-none overflow-y-auto bg-transparent px-2 py-1.5 text-[15px] leading-7 text-zinc-900 outline-none dark:text-zinc-100"
      />
      <div className="flex flex-wrap items-center justify-end gap-2 px-1 pt-2">
        <Button variant="ghost" className="h-9 px-3" onClick={onCancel}>
          {t('com_ui_msg_cancel')}
        </Button>
        <Button
          variant={canSubmit ? 'secondary' : 'primary'}
          className="h-9 px-3"
          disabled={blank}
          onClick={() => save(false)}
        >
          {t('com_ui_msg_save')}
        </Button>
        {canSubmit && (
          <Button className="h-9 px-3" disabled={blank || submitting} onClick={() => save(true)}>
            {t('com_ui_msg_save_submit')}
          </Button>
        )}
      </div>
    </div>
  );
}
