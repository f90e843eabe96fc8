import { useTranslation } from 'react-i18next';
import { DEFAULT_TITLE } from '@parley/shared';
import { SEARCH_CONVERSATION } from '../../chat/chat.api';
import { useConversationStore } from '../../chat/conversation.store';

/**
 * The chat's title in the phone header (docs/reference/settings-and-ui.md (The chat screen)): the conversation's
 * title once it has one, "New chat" in the user's language before that (the stored default is English), and
 * "Search messages" while search results show. Not a heading: the page's one level-one heading is in the log.
 */
export function HeaderTitle() {
  const { t } = useTranslation();
  const conversationId = useConversationStore((s) => s.conversationId);
  const title = useConversationStore((s) => s.title);
  const text =
    conversationId === SEARCH_CONVERSATION
      ? t('com_nav_convo_search')
      : title && title !== DEFAULT_TITLE
        ? title
        : t('com_nav_new_chat');
  return (
    <p
      data-testid="header-title"
      title={text}
      className="min-w-0 flex-1 truncate px-1 text-center text-[15px] font-medium text-zinc-900 dark:text-zinc-100"
    >
      {text}
    </p>
  );
}
