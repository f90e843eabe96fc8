import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@parley/shared';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { appNavigation } from '../../../lib/navigation';
import { useChatInputStore } from '../../chat/chat-input.store';
import { queryKeys } from '../../../lib/query-client';
import { showToast } from '../../toast/toast.store';
import { deleteWithUndo } from '../../undo/undo-delete';
import { sendConversationDelete } from '../conversations.api';
import { removeConversationFromCache } from '../conversations.cache';
import { shownTitle } from '../shown-title';

interface DeleteConversationProps {
  conversation: Conversation;
  active: boolean;
  onClose: () => void;
}

/**
 * Confirm, then the chat leaves the list at once (the open one gives way to a new chat) and a toast offers Undo;
 * the delete is sent when the undo window ends, then the list is refreshed
 * (docs/reference/conversations.md (Deleting and clearing)). The steps are plain callbacks, not mutation callbacks,
 * so they run after this row unmounts.
 */
export function DeleteConversation({ conversation, active, onClose }: DeleteConversationProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { conversationId } = conversation;

  const send = async (keepalive: boolean) => {
    // Out of every cache before the request: its undo window is over, so nothing may show it again while it is
    // sent. A failed delete asks the server again, which puts it back.
    removeConversationFromCache(client, conversationId);
    try {
      await sendConversationDelete(conversation, keepalive);
    } catch {
      showToast({ message: t('com_nav_convo_delete_error'), severity: 'error' });
    }
    // Refreshed from the server once it has deleted (or refused): the list, and search results that quoted it.
    void client.invalidateQueries({ queryKey: queryKeys.conversations });
    void client.invalidateQueries({ queryKey: queryKeys.searches });
  };

  const confirm = () => {
    onClose();
    // Its cached messages stay until the delete is sent, so an undo reopens it as it was.
    if (active) void navigate('/c/new');
    deleteWithUndo({
      key: `convo:${conversationId}`,
      message: t('com_nav_convo_deleted', { title: shownTitle(conversation.title, t('com_nav_new_chat')) }),
      undoLabel: t('com_ui_undo'),
      send,
      // Back to the chat it was, unless another one was opened meanwhile.
      onUndo: () =>
        active && window.location.pathname === '/c/new' && appNavigation.go(`/c/${conversationId}`),
    });
  };

  return (
    <ConfirmDeleteDialog
      title={shownTitle(conversation.title, t('com_nav_new_chat'))}
      headingKey="com_nav_convo_delete_title"
      bodyKey="com_nav_convo_delete_body"
      testId="delete-conversation-dialog"
      open
      pending={false}
      onOpenChange={(open) => !open && onClose()}
      onConfirm={confirm}
      // The open chat gave way to a new one: the user goes on in its message box, whatever the new chat's own focus
      // and the toast's Undo did while the dialog was closing.
      focusAfterConfirm={active ? () => useChatInputStore.getState().requestFocus() : undefined}
    />
  );
}
