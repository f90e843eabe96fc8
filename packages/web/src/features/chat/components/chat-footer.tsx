import { useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../config/config.api';

/**
 * The line under the message box: the operator's footer, else the support contact
 * (docs/reference/settings-and-ui.md (The chat screen)).
 */
export function ChatFooter() {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  return (
    <p className="mx-auto w-full max-w-3xl px-4 pt-2 pb-3 text-center text-xs text-zinc-500 dark:text-zinc-400">
      {config.customFooter || t('com_ui_footer_default')}
      <span className="hidden sm:inline"> {t('com_ui_chat_disclaimer')}</span>
    </p>
  );
}
