import { useTranslation } from 'react-i18next';
import { sendClick } from '../../commerce/click';
import { useCommerceDialogs, type CommerceDialog } from '../../commerce/commerce-dialogs.store';
import { useStartupConfig } from '../../config/config.api';

const linkButton =
  'rounded font-medium text-teal-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-teal-400';

/**
 * The line under the message box: the operator's footer, else the support contact, and at its end Contact support
 * and the Android app when configured; see docs/reference/settings-and-ui.md (The chat screen) and
 * docs/reference/commerce.md (The web's commerce screens).
 */
export function ChatFooter() {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  const show = useCommerceDialogs((s) => s.show);
  const open = (dialog: CommerceDialog) => {
    sendClick({ b: dialog === 'support' ? 'footer_support' : 'footer_app' });
    show(dialog);
  };
  return (
    <p className="mx-auto w-full max-w-3xl px-4 pt-2 pb-3 text-center text-xs text-zinc-500 dark:text-zinc-400">
      {config.customFooter || t('com_ui_footer_default')}
      <span className="hidden sm:inline"> {t('com_ui_chat_disclaimer')}</span>
      {config.support && (
        <>
          {' '}
          <button
            type="button"
            data-testid="footer-support"
            className={linkButton}
            onClick={() => open('support')}
          >
            {t('com_ui_support_contact')}
          </button>
        </>
      )}
      {config.appDownloadUrl && (
        <>
          {config.support ? ' · ' : ' '}
          <button
            type="button"
            data-testid="footer-app-download"
            className={linkButton}
            onClick={() => open('appDownload')}
          >
            {t('com_ui_app_download')}
          </button>
        </>
      )}
    </p>
  );
}
