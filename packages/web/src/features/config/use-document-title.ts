import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from './config.api';

/** Document title: the conversation title, else the app title, else 'Chat' (spec 1 §2). */
export function useDocumentTitle(conversationTitle?: string | null): void {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  const title = conversationTitle?.trim() || config.appTitle.trim() || t('com_ui_chat');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
