import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../config/config.api';

/** The mobile header title; the conversation title takes its place once conversations exist. */
export function useShellTitle(): string {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  return config.appTitle.trim() || t('com_nav_new_chat');
}
