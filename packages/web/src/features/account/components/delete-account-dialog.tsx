import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DELETE_ACCOUNT_CONFIRM } from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/text-field';
import { useDeleteAccountMutation } from '../account.api';
import { useServerText } from '../use-server-text';
import { FormDialog } from './form-dialog';

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
    <FormDialog
      open={open}
      title={t('com_ui_account_delete_title')}
      testId="delete-account-dialog"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('com_ui_account_delete_confirm')}
      submitTestId="delete-account-submit"
      submitDisabled={!ready || remove.isPending}
      danger
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
    </FormDialog>
  );
}
