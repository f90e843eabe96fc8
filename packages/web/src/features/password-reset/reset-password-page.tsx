import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  AUTH_MESSAGES,
  resetPasswordSchema,
  type ResetPasswordInput,
  type ResetPasswordPayload,
} from '@parley/shared';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { isApiError } from '../../lib/api-error';
import { translateMessage } from '../../lib/translate-message';
import { AuthLayout } from '../auth/components/auth-layout';
import { useResetPasswordMutation } from './password-reset.api';
import { useTimedBanner } from './use-timed-banner';

const linkClass = 'text-sm font-medium text-teal-700 hover:underline dark:text-teal-400';
const FIELDS = ['password', 'confirm_password'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: unknown): name is Field => FIELDS.includes(name as Field);

/**
 * /reset-password?token=&userId= (docs/reference/accounts.md (Forgot and reset password)): the new password twice,
 * pasting blocked in the confirmation so it is typed; then a success screen, or the invalid-link screen for a link
 * that is missing, used, replaced or expired.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const userId = params.get('userId') ?? '';
  const [outcome, setOutcome] = useState<'form' | 'done' | 'invalid'>(token && userId ? 'form' : 'invalid');

  if (outcome === 'done') {
    return (
      <AuthLayout title={t('com_auth_reset_success_title')} subtitle={t('com_auth_login_with_new_password')}>
        <Link to="/login" data-testid="reset-continue" className={`${linkClass} inline-block`}>
          {t('com_auth_continue')}
        </Link>
      </AuthLayout>
    );
  }
  if (outcome === 'invalid') {
    return (
      <AuthLayout title={t('com_auth_invalid_reset_title')}>
        <div data-testid="reset-invalid" className="flex flex-col gap-4">
          <Alert>{t('com_auth_error_invalid_reset_token')}</Alert>
          <Link to="/forgot-password" className={linkClass}>
            {t('com_auth_request_new_link')}
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('com_auth_set_new_password')} subtitle={t('com_auth_reset_subtitle')}>
      <ResetForm token={token} userId={userId} onDone={setOutcome} />
    </AuthLayout>
  );
}

function ResetForm(props: { token: string; userId: string; onDone: (outcome: 'done' | 'invalid') => void }) {
  const { t, i18n } = useTranslation();
  const reset = useResetPasswordMutation();
  const banner = useTimedBanner();
  const [pasteRefused, setPasteRefused] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordInput, unknown, ResetPasswordPayload>({
    mode: 'onChange',
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token: props.token, userId: props.userId, password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit((payload) => {
    banner.clear();
    reset.mutate(payload, {
      onSuccess: () => props.onDone('done'),
      onError: (error) => {
        const body = isApiError(error) ? error.body : null;
        if (
          body?.message === AUTH_MESSAGES.invalidResetToken ||
          body?.field === 'token' ||
          body?.field === 'userId'
        ) {
          props.onDone('invalid');
        } else if (isApiError(error) && error.status === 400 && isField(body?.field)) {
          setError(body.field, { type: 'server', message: body.key ?? error.message });
        } else {
          banner.show(t('com_auth_error_reset_generic'));
        }
      },
    });
  });

  return (
    <form
      data-testid="reset-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {banner.text && <Alert>{banner.text}</Alert>}
      <TextField
        label={t('com_auth_new_password')}
        type="password"
        autoComplete="new-password"
        error={translateMessage(t, i18n, errors.password?.message)}
        {...register('password')}
      />
      <div className="flex flex-col gap-1.5">
        <TextField
          label={t('com_auth_confirm_password')}
          type="password"
          autoComplete="new-password"
          error={translateMessage(t, i18n, errors.confirm_password?.message)}
          onPaste={(event) => {
            event.preventDefault();
            setPasteRefused(true);
          }}
          {...register('confirm_password')}
        />
        {pasteRefused && (
          <p data-testid="paste-blocked" className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('com_auth_paste_blocked')}
          </p>
        )}
      </div>
      <Button type="submit" disabled={reset.isPending} className="mt-1 w-full">
        {t('com_auth_submit')}
      </Button>
    </form>
  );
}
