import { useTranslation } from 'react-i18next';
import { useConversationStore } from '../chat/conversation.store';
import { useStartupConfig } from '../config/config.api';

/**
 * The mobile header title: the open conversation's title, else the app title
 * (docs/reference/settings-and-ui.md (The chat screen)).
 */
export function useShellTitle(): string {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  const conversationTitle = useConversationStore((s) =>
    s.conversationId === 'new' || s.conversationId === 'search' ? null : s.title,
  );
  return conversationTitle?.trim() || config.appTitle.trim() || t('com_nav_new_chat');
}
