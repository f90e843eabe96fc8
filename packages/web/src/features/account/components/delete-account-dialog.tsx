import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DELETE_ACCOUNT_CONFIRM } from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonBase } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { TextField } from '../../../components/ui/text-field';
import { useDeleteAccountMutation } from '../account.api';
import { useServerText } from '../use-server-text';

/**
 * Delete the account, after the password (or, for an account without one, the word DELETE): says what goes and what
 * the operator keeps, then signs out.
 */
export function DeleteAccountDialog({
  open,
  hasPassword,
  onClose,
}: {
  open: boolean;
  hasPassword: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const remove = useDeleteAccountMutation(t('com_ui_account_deleted'));
  const serverText = useServerText();
  const ready = hasPassword ? typed !== '' : typed.trim() === DELETE_ACCOUNT_CONFIRM;

  const onSubmit = () => {
    if (!ready) return;
    setProblem(null);
    remove.mutate(hasPassword ? { password: typed } : { confirm: typed }, {
      onError: (error) => setProblem(serverText(error, 'com_ui_account_error')),
    });
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('com_ui_account_delete_title')}
      testId="delete-account-dialog"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        className="flex flex-col gap-4 overflow-y-auto px-5 py-4"
      >
        <div className="flex flex-col gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <p>{t('com_ui_account_delete_removed')}</p>
          <p>{t('com_ui_account_delete_kept')}</p>
          <p className="font-medium text-rose-700 dark:text-rose-400">{t('com_ui_account_delete_final')}</p>
        </div>
        {problem && <Alert>{problem}</Alert>}
        <TextField
          label={
            hasPassword
              ? t('com_ui_account_delete_password')
              : t('com_ui_account_delete_type', { word: DELETE_ACCOUNT_CONFIRM })
          }
          type={hasPassword ? 'password' : 'text'}
          autoComplete={hasPassword ? 'current-password' : 'off'}
          value={typed}
          data-testid="delete-confirm-input"
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('com_ui_account_cancel')}
          </Button>
          <button
            type="submit"
            data-testid="delete-account-submit"
            disabled={!ready || remove.isPending}
            className={`${buttonBase} h-11 bg-rose-700 px-4 text-white hover:bg-rose-800 disabled:bg-rose-700/50`}
          >
            {t('com_ui_account_delete_confirm')}
          </button>
        </div>
      </form>
    </DialogFrame>
  );
}
