import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BookOpenText } from 'lucide-react';
import { promptCategoryTag, promptLibraryLang } from '@parley/shared';
import { usePromptLibraryStore } from '../prompt-library.store';

// The dialog and its texts load the first time it opens (kept out of the initial JavaScript).
const PromptLibraryDialog = lazy(async () => ({
  default: (await import('./prompt-library-dialog')).PromptLibraryDialog,
}));

/** The message box's button to the prompt library, and the dialog while it is open. */
export function PromptLibraryButton() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = params.get('promptLibrary');
  // A home page category (`/c/new?promptLibrary=<category>`) opens the library searched on that category's tag in
  // the set the user is served; the parameter is then dropped so a reload or Back does not open it again.
  useEffect(() => {
    if (category === null) return;
    const tag = promptCategoryTag(category, promptLibraryLang(i18n.resolvedLanguage ?? i18n.language));
    if (tag) usePromptLibraryStore.getState().openOn(tag);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('promptLibrary');
        return next;
      },
      { replace: true },
    );
  }, [category, i18n, setParams]);
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
