import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/ui/placeholder-page';
import { useDocumentTitle } from '../config/use-document-title';

/** /c/:conversationId? and /chat/:conversationId?: the chat view ('new' is an empty, unsaved one). */
export function ChatPage() {
  const { t } = useTranslation();
  const { conversationId = 'new' } = useParams();
  // The conversation's own title joins here once conversations are loaded.
  useDocumentTitle(null);
  const isNew = conversationId === 'new';
  return (
    <PlaceholderPage
      testId="chat-heading"
      title={isNew ? t('com_ui_greeting') : t('com_ui_conversation')}
      body={t('com_ui_chat_placeholder')}
    />
  );
}
