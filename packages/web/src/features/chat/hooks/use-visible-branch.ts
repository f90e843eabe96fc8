import { useCallback, useMemo } from 'react';
import type { Message } from '@parley/shared';
import { useConversationStore } from '../conversation.store';
import { visibleBranch, type BranchNode, type SiblingSelection } from '../message-tree';
import { useSiblingSelectionStore } from '../sibling-selection.store';

const NONE: SiblingSelection = {};

/** The branch of the current conversation on screen, root to leaf, following the sibling choices. */
export function useVisibleBranch(messages: Message[] | undefined): BranchNode[] {
  const conversationId = useConversationStore((s) => s.conversationId);
  const selection = useSiblingSelectionStore((s) => s.byConversation[conversationId] ?? NONE);
  return useMemo(() => (messages ? visibleBranch(messages, selection) : []), [messages, selection]);
}

/**
 * `selectSibling(parentId, index, count)`: shows sibling `index` of the `count` replies to `parentId` in the
 * current conversation. The count is remembered so the choice lapses when a sibling is added.
 */
export function useSelectSibling(): (parentId: string, index: number, count: number) => void {
  const select = useSiblingSelectionStore((s) => s.select);
  return useCallback(
    (parentId, index, count) => {
      select(useConversationStore.getState().conversationId, parentId, { index, count });
    },
    [select],
  );
}
