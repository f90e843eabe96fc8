import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Paperclip } from 'lucide-react';

interface AttachButtonProps {
  /** The picker's accepted types (from the endpoint's supported types); every file when undefined. */
  accept: string | undefined;
  /** Uploads are off for this endpoint: the button explains why instead of opening the picker. */
  disabled: boolean;
  onFiles: (files: File[]) => void;
}

/** The paperclip of the message box: opens the file picker (several files at once). */
export function AttachButton({ accept, disabled, onFiles }: AttachButtonProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const label = t('com_ui_attach_files');
  return (
    <>
      <button
        type="button"
        aria-label={label}
        // aria-disabled keeps it focusable, so keyboard and screen-reader users reach the reason in the title.
        aria-disabled={disabled || undefined}
        title={disabled ? t('com_ui_attach_disabled') : label}
        onClick={() => {
          if (!disabled) input.current?.click();
        }}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-zinc-600 transition hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        <Paperclip className="size-[18px]" aria-hidden="true" />
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={accept}
        hidden
        tabIndex={-1}
        data-testid="attach-input"
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          // Cleared so picking the same file again still fires a change.
          e.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
