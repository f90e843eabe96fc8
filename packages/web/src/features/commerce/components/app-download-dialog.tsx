import { use } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useReturnFocus } from '../../../components/ui/return-focus';
import { useStartupConfig } from '../../config/config.api';
import { sendClick } from '../click';
import { commerceTexts } from '../commerce-texts';
import { useCommerceDialogs } from '../commerce-dialogs.store';

/** Asks before the app's APK downloads: Cancel, or OK to go to the download. */
export function AppDownloadDialog() {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(commerceTexts);
  const { t } = useTranslation();
  const open = useCommerceDialogs((s) => s.open === 'appDownload');
  const close = useCommerceDialogs((s) => s.close);
  const { config } = useStartupConfig();
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[45] bg-zinc-950/50" />
        <Dialog.Content
          role="alertdialog"
          data-testid="app-download-dialog"
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-[45] w-[calc(100vw-1.5rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-zinc-200 bg-white p-5 text-zinc-900 shadow-2xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <Dialog.Title className="text-base font-semibold">{t('com_app_title')}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
            {t('com_app_body')}
          </Dialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary" data-testid="app-download-cancel">
                {t('com_app_cancel')}
              </Button>
            </Dialog.Close>
            <Button
              data-testid="app-download-ok"
              onClick={() => {
                sendClick({ b: 'app_download' });
                close();
                if (config.appDownloadUrl) window.location.assign(config.appDownloadUrl);
              }}
            >
              {t('com_app_ok')}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
