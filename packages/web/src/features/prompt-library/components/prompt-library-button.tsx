import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BookOpenText } from 'lucide-react';
import { usePromptLibraryStore } from '../prompt-library.store';

// The dialog and its texts load the first time it opens (kept out of the initial JavaScript).
const PromptLibraryDialog = lazy(async () => ({
  default: (await import('./prompt-library-dialog')).PromptLibraryDialog,
}));

/** The message box's button to the prompt library, and the dialog while it is open. */
export function PromptLibraryButton() {
  const { t } = useTranslation();
  const open = usePromptLibraryStore((s) => s.dialogOpen);
  const label = t('com_prompts_button');
  return (
    <>
      <button
        type="button"
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        data-testid="prompt-library-button"
        onClick={() => usePromptLibraryStore.getState().setDialogOpen(true)}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-zinc-600 transition hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        <BookOpenText className="size-[18px]" aria-hidden="true" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <PromptLibraryDialog />
        </Suspense>
      )}
    </>
  );
}
