import { useTranslation } from 'react-i18next';
import { sendClick } from '../../commerce/click';
import { useCommerceDialogs, type CommerceDialog } from '../../commerce/commerce-dialogs.store';
import { FooterWords, footerLinkClass } from '../../commerce/components/footer-words';
import { useStartupConfig } from '../../config/config.api';

/**
 * The line under the message box: the operator's footer, else the default line with its Contact support; then
 * Contact support after an operator's footer, and the Android app, when configured; see
 * docs/reference/settings-and-ui.md (The chat screen) and docs/reference/commerce.md (The web's commerce screens).
 */
export function ChatFooter() {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  const show = useCommerceDialogs((s) => s.show);
  const open = (dialog: CommerceDialog) => {
    sendClick({ b: dialog === 'support' ? 'footer_support' : 'footer_app' });
    show(dialog);
  };
  // The default line links support itself; an operator's own footer gets the link after it.
  const supportAfter = Boolean(config.support && config.customFooter);
  return (
    <p className="mx-auto w-full max-w-3xl px-4 pt-2 pb-3 text-center text-xs text-zinc-500 dark:text-zinc-400">
      <FooterWords onSupport={() => open('support')} />
      <span className="hidden sm:inline"> {t('com_ui_chat_disclaimer')}</span>
      {supportAfter && (
        <>
          {' '}
          <button
            type="button"
            data-testid="footer-support"
            className={footerLinkClass}
            onClick={() => open('support')}
          >
            {t('com_ui_support_contact')}
          </button>
        </>
      )}
      {config.appDownloadUrl && (
        <>
          {supportAfter ? ' · ' : ' '}
          <button
            type="button"
            data-testid="footer-app-download"
            className={footerLinkClass}
            onClick={() => open('appDownload')}
          >
            {t('com_ui_app_download')}
          </button>
        </>
      )}
    </p>
  );
}
