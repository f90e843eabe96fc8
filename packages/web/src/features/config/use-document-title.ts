import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartupConfig } from './config.api';
import { documentTitle } from './document-title';

/**
 * Document title: the conversation title, else the app title, else 'Chat'
 * (docs/reference/settings-and-ui.md (Document title)).
 */
export function useDocumentTitle(conversationTitle?: string | null): void {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  const title = documentTitle(conversationTitle, config.appTitle, t('com_ui_chat'));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
