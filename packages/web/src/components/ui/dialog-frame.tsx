import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { iconButton } from './button';
import { useReturnFocus } from './return-focus';

interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Width class of the panel; the panel never exceeds the screen. */
  widthClass?: string;
  testId?: string;
  /** Where focus goes on opening; by default the first focusable element (the close button). */
  onOpenAutoFocus?: (event: Event) => void;
  children: ReactNode;
}

/**
 * The app's modal look: dimmed backdrop, centred card, title row with a close button (Radix traps focus; closing
 * gives it back to the opener).
 * z-45: above the phone sidebar (z-40), below toasts (z-50) so a toast raised from a dialog stays readable.
 */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  widthClass = 'max-w-md',
  testId,
  onOpenAutoFocus,
  children,
}: DialogFrameProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[45] bg-zinc-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid={testId}
          onOpenAutoFocus={onOpenAutoFocus}
          onCloseAutoFocus={returnFocus}
          onKeyDown={(e) => {
            // Radix gives Escape only to the newest layer, and a toast (a Radix layer too) raised while the
            // dialog is open is newer: the toast would take the key and the dialog stay open. Escape from inside
            // the dialog that no layer handled (a layer that does, the dialog's own included, marks it handled)
            // closes the dialog, as it does with no toast showing.
            if (e.key === 'Escape' && !e.defaultPrevented) {
              e.preventDefault();
              onOpenChange(false);
            }
          }}
          // Radix warns without a description; none is fine when the title says it all.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={`fixed top-1/2 left-1/2 z-[45] flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white text-zinc-900 shadow-2xl focus:outline-none motion-safe:data-[state=open]:animate-[toast-in_160ms_ease-out] dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 ${widthClass}`}
        >
          <div className="flex items-start gap-3 border-b border-zinc-200 px-5 py-4 dark:border-zinc-800">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
                {title}
              </Dialog.Title>
              {description && (
                <Dialog.Description className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close className={`${iconButton} -mt-1 -me-2 shrink-0`} aria-label={t('com_ui_close')}>
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
