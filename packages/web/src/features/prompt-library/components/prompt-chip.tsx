import { useTranslation } from 'react-i18next';
import { BookOpenText, X } from 'lucide-react';
import { useConversationStore } from '../../chat/conversation.store';
import { usePromptLibraryStore } from '../prompt-library.store';

/**
 * The chosen entry above the message box (docs/reference/prompt-library.md (Choosing an entry)), while the
 * conversation keeps its prefix; removing it clears the prefix for the messages still to come.
 */
export function PromptChip() {
  const { t } = useTranslation();
  const chosen = usePromptLibraryStore((s) => s.chosen);
  const prefix = useConversationStore((s) => s.setup.promptPrefix);
  if (!chosen || prefix !== chosen.promptPrefix) return null;
  const remove = () => {
    useConversationStore.getState().patchSetup({ promptPrefix: null });
    usePromptLibraryStore.getState().setChosen(null);
  };
  return (
    <div className="mb-1.5 flex px-1" data-testid="prompt-chip">
      <span
        title={chosen.promptPrefix}
        className="inline-flex max-w-full items-center gap-1.5 rounded-full border border-teal-200 bg-teal-50 ps-2.5 pe-1 text-sm text-teal-900 dark:border-teal-800 dark:bg-teal-950 dark:text-teal-100"
      >
        <BookOpenText className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">{t('com_prompts_chip', { title: chosen.title })}</span>
        <button
          type="button"
          aria-label={t('com_prompts_chip_remove', { title: chosen.title })}
          onClick={remove}
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-teal-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:hover:bg-teal-900"
        >
          <X className="size-3.5" aria-hidden="true" />
        </button>
      </span>
    </div>
  );
}
