import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@parley/shared';
import { queryKeys } from '../../../lib/query-client';
import { showToast } from '../../toast/toast.store';
import { useDeleteConversationMutation } from '../conversations.api';
import { removeConversationFromCache } from '../conversations.cache';
import { DeleteConversationDialog } from './delete-conversation-dialog';

interface DeleteConversationProps {
  conversation: Conversation;
  active: boolean;
  onClose: () => void;
}

/**
 * Confirm, then delete; the open conversation gives way to a new one, then the list is refreshed
 * (docs/reference/conversations.md (Deleting and clearing)). Awaiting the call (not mutate callbacks) keeps the steps
 * running after this row unmounts.
 */
export function DeleteConversation({ conversation, active, onClose }: DeleteConversationProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const remove = useDeleteConversationMutation();

  const confirm = async () => {
    try {
      await remove.mutateAsync(conversation);
    } catch {
      showToast({ message: t('com_nav_convo_delete_error'), severity: 'error' });
      onClose();
      return;
    }
    onClose();
    // Leave the chat before its cached messages go, so the chat view does not refetch a deleted id.
    if (active) void navigate('/c/new');
    removeConversationFromCache(client, conversation.conversationId);
    void client.invalidateQueries({ queryKey: queryKeys.conversations });
  };

  return (
    <DeleteConversationDialog
      title={conversation.title}
      open
      pending={remove.isPending}
      onOpenChange={(open) => !open && onClose()}
      onConfirm={() => void confirm()}
    />
  );
}
