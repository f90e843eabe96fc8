import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonBase } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';

interface FormDialogProps {
  open: boolean;
  title: string;
  testId: string;
  /** Closing by the close button, Escape, the backdrop or Cancel. */
  onClose: () => void;
  /** Submitting by the button or Enter; the page does not reload. */
  onSubmit: () => void;
  submitLabel: string;
  submitTestId: string;
  submitDisabled: boolean;
  /** A submit that cannot be undone (deleting the account) is red. */
  danger?: boolean;
  /** The cancel button's text; "Cancel" by default. */
  cancelLabel?: string;
  /** The fields, with the form's notices where the dialog wants them. */
  children: ReactNode;
}

/** An account page dialog: a form with its fields, then Cancel and the submit button. */
export function FormDialog({
  open,
  title,
  testId,
  onClose,
  onSubmit,
  submitLabel,
  submitTestId,
  submitDisabled,
  danger = false,
  cancelLabel,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame open={open} onOpenChange={(next) => !next && onClose()} title={title} testId={testId}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        className="flex flex-col gap-4 overflow-y-auto px-5 py-4"
      >
        {children}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {cancelLabel ?? t('com_ui_account_cancel')}
          </Button>
          {danger ? (
            <button
              type="submit"
              data-testid={submitTestId}
              disabled={submitDisabled}
              className={`${buttonBase} h-11 bg-rose-700 px-4 text-white hover:bg-rose-800 disabled:bg-rose-700/50`}
            >
              {submitLabel}
            </button>
          ) : (
            <Button type="submit" data-testid={submitTestId} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          )}
        </div>
      </form>
    </DialogFrame>
  );
}
