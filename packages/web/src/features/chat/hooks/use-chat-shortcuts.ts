import { useShortcuts } from '../../keyboard/use-shortcuts';
import { useChatInputStore } from '../chat-input.store';
import { useChatStreamStore } from '../chat-stream.store';
import type { BranchNode } from '../message-tree';
import { messageText } from '../message-text';
import { copyText } from '../../../lib/clipboard';
import { useChatActions } from './use-chat-actions';

/**
 * The chat's shortcuts (docs/reference/settings-and-ui.md (Keyboard shortcuts)): Esc stops the reply, Up in the empty
 * message box edits the last question, Ctrl/Cmd+Shift+C copies the last reply. Edit and copy are asked of the
 * message on screen, which shows its usual editor and copied check.
 */
export function useChatShortcuts(branch: BranchNode[]) {
  const actions = useChatActions();
  const lastOf = (fromUser: boolean) =>
    branch.findLast((node) => node.message.isCreatedByUser === fromUser)?.message;
  const ask = (kind: 'edit' | 'copy', messageId: string | undefined) => {
    if (!messageId) return false;
    useChatInputStore.getState().setRequest({ kind, messageId });
  };
  useShortcuts({
    stop: () => {
      if (!useChatStreamStore.getState().submitting) return false;
      actions.stop();
    },
    editLast: () => ask('edit', lastOf(true)?.messageId),
    copyLast: () => {
      // A reply still arriving is not copied half-way.
      const reply = lastOf(false);
      if (!reply || useChatStreamStore.getState().submitting) return false;
      // Copied here, inside the key press, so it works even before the reply's buttons show; the reply's copy
      // button then copies the same text again and shows its check.
      void copyText(messageText(reply));
      return ask('copy', reply.messageId);
    },
  });
}
