import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema, type ChangePasswordInput, type ChangePasswordPayload } from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { TextField } from '../../../components/ui/text-field';
import { translateMessage } from '../../../lib/translate-message';
import { showToast } from '../../toast/toast.store';
import { useChangePasswordMutation } from '../account.api';
import { useServerText } from '../use-server-text';
import { FormDialog } from './form-dialog';

/**
 * Change the password with the current one, or set a first one (a social sign-up has none); the server signs every
 * other device out and keeps this one.
 */
export function PasswordDialog({
  open,
  hasPassword,
  onClose,
}: {
  open: boolean;
  hasPassword: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const change = useChangePasswordMutation();
  const serverText = useServerText();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput, unknown, ChangePasswordPayload>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirm_password: '' },
  });
  const close = () => {
    reset();
    setProblem(null);
    onClose();
  };
  const onSubmit = handleSubmit((body) => {
    setProblem(null);
    change.mutate(body, {
      onSuccess: () => {
        showToast({ message: t('com_ui_account_password_changed'), severity: 'success' });
        close();
      },
      onError: (error) => setProblem(serverText(error, 'com_ui_account_error')),
    });
  });
  const fieldError = (name: keyof ChangePasswordInput) => translateMessage(t, i18n, errors[name]?.message);
  const title = hasPassword ? t('com_ui_account_change_password') : t('com_ui_account_set_password');

  return (
    <FormDialog
      open={open}
      title={title}
      testId="password-dialog"
      onClose={close}
      onSubmit={() => void onSubmit()}
      submitLabel={t('com_ui_account_save')}
      submitTestId="save-password"
      submitDisabled={change.isPending}
    >
      {problem && <Alert>{problem}</Alert>}
      {hasPassword && (
        <TextField
          label={t('com_ui_account_current_password')}
          type="password"
          autoComplete="current-password"
          error={fieldError('currentPassword')}
          {...register('currentPassword')}
        />
      )}
      <TextField
        label={t('com_ui_account_new_password')}
        type="password"
        autoComplete="new-password"
        error={fieldError('password')}
        {...register('password')}
      />
      <TextField
        label={t('com_ui_account_confirm_password')}
        type="password"
        autoComplete="new-password"
        error={fieldError('confirm_password')}
        {...register('confirm_password')}
      />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('com_ui_account_password_hint')}</p>
    </FormDialog>
  );
}
