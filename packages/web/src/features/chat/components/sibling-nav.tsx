import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BranchNode } from '../message-tree';
import { useSelectSibling } from '../hooks/use-visible-branch';
import { ActionButton } from './action-button';

/** "n / total" with Previous and Next, for a message that has siblings (docs/reference/messages.md (Branches)). */
export function SiblingNav({ node }: { node: BranchNode }) {
  const { t } = useTranslation();
  const selectSibling = useSelectSibling();
  const { siblingIndex, siblingCount, message } = node;
  if (siblingCount <= 1) return null;

  const go = (index: number) => selectSibling(message.parentMessageId, index, siblingCount);
  return (
    <div
      role="group"
      aria-label={t('com_ui_msg_versions')}
      className="flex items-center text-xs font-medium text-zinc-600 tabular-nums dark:text-zinc-300"
    >
      <ActionButton
        label={t('com_ui_msg_previous')}
        disabled={siblingIndex === 0}
        onClick={() => go(siblingIndex - 1)}
      >
        <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      </ActionButton>
      <span data-testid="sibling-position" className="min-w-9 text-center">
        {siblingIndex + 1} / {siblingCount}
      </span>
      <ActionButton
        label={t('com_ui_msg_next')}
        disabled={siblingIndex === siblingCount - 1}
        onClick={() => go(siblingIndex + 1)}
      >
        <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      </ActionButton>
    </div>
  );
}
