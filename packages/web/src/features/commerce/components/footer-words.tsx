import { Trans, useTranslation } from 'react-i18next';
import { useStartupConfig } from '../../config/config.api';

export const footerLinkClass =
  'rounded font-medium text-teal-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-teal-400';

/**
 * The footer's words, on the sign-in pages and under the message box: the operator's own (CUSTOM_FOOTER) as they
 * wrote them, else the default line. Its "contact support" opens the support dialog when the server has contacts
 * (SUPPORT_QQ / SUPPORT_EMAIL) and is plain words otherwise (docs/reference/settings-and-ui.md (The chat screen)).
 */
export function FooterWords({ onSupport }: { onSupport: () => void }) {
  const { t } = useTranslation();
  const { config } = useStartupConfig();
  if (config.customFooter) return <>{config.customFooter}</>;
  if (!config.support) return <>{t('com_ui_footer_default')}</>;
  const support = (
    <button type="button" data-testid="footer-support" className={footerLinkClass} onClick={onSupport} />
  );
  return <Trans i18nKey="com_ui_footer_support" components={{ support }} />;
}
