import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { useStartupConfig } from '../../config/config.api';
import { commerceTexts } from '../commerce-texts';
import { useCommerceDialogs } from '../commerce-dialogs.store';
import { CopyButton } from './copy-button';

/** Support's contacts, QQ number and mailbox, each with a Copy button. */
export function SupportDialog() {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(commerceTexts);
  const { t } = useTranslation();
  const open = useCommerceDialogs((s) => s.open === 'support');
  const close = useCommerceDialogs((s) => s.close);
  const { config } = useStartupConfig();
  const contacts: Array<[string, string, string, string]> = [];
  if (config.support?.qq) contacts.push(['qq', 'com_support_qq', config.support.qq, 'com_support_copy_qq']);
  if (config.support?.email)
    contacts.push(['email', 'com_support_email', config.support.email, 'com_support_copy_email']);
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('com_support_title')}
      description={t('com_support_intro')}
      testId="support-dialog"
    >
      <ul className="flex flex-col gap-3 px-5 py-4">
        {contacts.map(([id, label, value, copyLabel]) => (
          <li key={id} className="flex items-center gap-3">
            <div className="min-w-0 flex-1">
              <p className="text-xs text-zinc-600 dark:text-zinc-400">{t(label)}</p>
              <p data-testid={`support-${id}`} className="truncate text-base font-medium select-all">
                {value}
              </p>
            </div>
            <CopyButton text={value} label={t(copyLabel)} testId={`support-copy-${id}`} />
          </li>
        ))}
      </ul>
    </DialogFrame>
  );
}
