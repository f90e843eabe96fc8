import { useTranslation } from 'react-i18next';
import { ConversationHeader } from '../../endpoints/components/conversation-header';
import { VirtualMessageList } from '../../message-list/components/virtual-message-list';
import { useChatStreamStore } from '../chat-stream.store';
import { useConversationStore } from '../conversation.store';
import { useChatActions } from '../hooks/use-chat-actions';
import { useChatShortcuts } from '../hooks/use-chat-shortcuts';
import { useRecentlyStopped } from '../hooks/use-recently-stopped';
import type { BranchNode } from '../message-tree';
import { MessageArticle } from './message-article';

/** The branch on screen as the chat's scrolling log. */
export function ChatMessages({ branch }: { branch: BranchNode[] }) {
  const { t } = useTranslation();
  const actions = useChatActions();
  const conversationId = useConversationStore((s) => s.conversationId);
  const title = useConversationStore((s) => s.title);
  const endpoint = useConversationStore((s) => s.setup.endpoint ?? '');
  const submitting = useChatStreamStore((s) => s.submitting);
  const streamingId = useChatStreamStore((s) => (s.conversationId === conversationId ? s.replyId : null));
  const recentlyStopped = useRecentlyStopped();
  const last = branch.length - 1;
  // Stop, edit and copy need messages on screen, so they come with the log, not with the empty chat.
  useChatShortcuts(branch);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {/* The page's one level-one heading, for screen readers: the conversation's title (the empty chat's is its
          greeting). */}
      <h1 className="sr-only">{title || t('com_ui_chat')}</h1>
      {/* Above the scrolling log, so it stays in view (docs/reference/settings-and-ui.md (The chat screen)). */}
      <ConversationHeader />
      <VirtualMessageList
        items={branch}
        getKey={(node) => node.message.messageId}
        label={t('com_ui_chat_messages')}
        streaming={streamingId !== null}
        scrollKey={conversationId}
        renderItem={(node, index) => (
          <MessageArticle
            node={node}
            isLatest={index === last}
            submitting={submitting}
            streaming={node.message.messageId === streamingId}
            recentlyStopped={recentlyStopped && index === last}
            endpoint={node.message.endpoint || endpoint}
            onRegenerate={actions.regenerate}
            onContinue={actions.continue}
            onEdit={actions.edit}
          />
        )}
      />
    </div>
  );
}
