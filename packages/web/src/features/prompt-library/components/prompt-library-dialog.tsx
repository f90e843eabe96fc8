import { use, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { PROMPT_LIBRARY_PAGE_SIZE, matchesPrompt, type PromptEntry } from '@parley/shared';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { useChoosePrompt } from '../hooks/use-choose-prompt';
import { usePromptLibrary } from '../prompt-library.api';
import { usePromptLibraryStore } from '../prompt-library.store';
import { promptLibraryTexts } from '../prompt-library-texts';

const pageButton =
  'inline-flex size-9 items-center justify-center rounded-full text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-40 dark:text-zinc-200 dark:hover:bg-zinc-800';

/**
 * The prompt library (docs/reference/prompt-library.md (In the web)): search over title, prefix and tags, 8 a page;
 * choosing an entry starts a new conversation with its prompt prefix.
 */
export function PromptLibraryDialog() {
  use(promptLibraryTexts);
  const { t } = useTranslation();
  const library = usePromptLibrary(true);
  const choose = useChoosePrompt();
  const [search, setSearch] = useState(() => usePromptLibraryStore.getState().initialSearch);
  const [page, setPage] = useState(1);
  const found = (library.data ?? []).filter((e) => matchesPrompt(e, search));
  const pages = Math.max(1, Math.ceil(found.length / PROMPT_LIBRARY_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = found.slice((current - 1) * PROMPT_LIBRARY_PAGE_SIZE, current * PROMPT_LIBRARY_PAGE_SIZE);
  return (
    <DialogFrame
      open
      onOpenChange={(open) => usePromptLibraryStore.getState().setDialogOpen(open)}
      title={t('com_prompts_title')}
      description={t('com_prompts_description')}
      widthClass="max-w-2xl"
      testId="prompt-library-dialog"
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        document.getElementById('prompt-library-search')?.focus();
      }}
    >
      <div className="flex min-h-0 flex-col gap-3 px-5 py-4">
        <TextField
          id="prompt-library-search"
          type="search"
          label={t('com_prompts_search')}
          placeholder={t('com_prompts_search_placeholder')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        {library.isPending ? (
          <Spinner />
        ) : library.isError ? (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {errorText(library.error)}
          </p>
        ) : shown.length === 0 ? (
          <p role="status" className="py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
            {t('com_prompts_none')}
          </p>
        ) : (
          <ul
            className="-mx-1 grid min-h-0 gap-2 overflow-y-auto px-1 sm:grid-cols-2"
            data-testid="prompt-list"
          >
            {shown.map((entry) => (
              <EntryCard key={entry.id} entry={entry} onChoose={() => choose(entry)} />
            ))}
          </ul>
        )}
        <nav aria-label={t('com_prompts_pages')} className="flex items-center justify-center gap-2 text-sm">
          <button
            type="button"
            className={pageButton}
            aria-label={t('com_prompts_previous')}
            disabled={current <= 1}
            onClick={() => setPage(current - 1)}
          >
            <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          </button>
          <span aria-live="polite" data-testid="prompt-page">
            {t('com_prompts_page', { page: current, pages })}
          </span>
          <button
            type="button"
            className={pageButton}
            aria-label={t('com_prompts_next')}
            disabled={current >= pages}
            onClick={() => setPage(current + 1)}
          >
            <ChevronRight className="size-4 rtl:rotate-180" aria-hidden="true" />
          </button>
        </nav>
      </div>
    </DialogFrame>
  );
}

function EntryCard({ entry, onChoose }: { entry: PromptEntry; onChoose: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onChoose}
        data-testid="prompt-entry"
        className="flex h-full w-full flex-col gap-1.5 rounded-xl border border-zinc-200 p-3 text-start transition hover:border-teal-600 hover:bg-teal-50/40 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-700 dark:hover:bg-teal-950/40"
      >
        <span className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{entry.title}</span>
        <span className="line-clamp-2 text-xs text-zinc-600 dark:text-zinc-400">{entry.promptPrefix}</span>
        {entry.tags.length > 0 && (
          <span className="flex flex-wrap gap-1">
            {entry.tags.map((tag) => (
              <span
                key={tag}
                className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
              >
                {tag}
              </span>
            ))}
          </span>
        )}
      </button>
    </li>
  );
}
