import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { loginErrorKey, loginSchema, type LoginInput, type LoginPayload } from '@parley/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { translateMessage } from '../../../lib/translate-message';
import { useLoginMutation } from '../auth.api';
import { loginFieldTexts } from '../login-field';

/**
 * E-mail (or phone) and password sign-in (docs/reference/accounts.md (Signing in)). The first field is labelled
 * for what it takes: an e-mail, or also a phone number on a server with phone sign-in (login-field.ts).
 */
export function LoginForm({ phoneAccounts }: { phoneAccounts: boolean }) {
  const { t, i18n } = useTranslation();
  const field = loginFieldTexts(phoneAccounts);
  const navigate = useNavigate();
  const login = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput, unknown, LoginPayload>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit((payload) =>
    login.mutate(payload, { onSuccess: () => void navigate('/c/new', { replace: true }) }),
  );
  // An account still waiting for its activation is told so (a new link is on its way), not "banned".
  const notVerified = isApiError(login.error) && login.error.body?.key === 'com_auth_email_not_verified';
  const failure = login.error
    ? notVerified
      ? t('com_auth_email_not_verified')
      : t(loginErrorKey(isApiError(login.error) ? login.error.status : undefined))
    : null;

  return (
    <form
      data-testid="login-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      {failure && <Alert>{failure}</Alert>}
      <TextField
        label={t(field.label)}
        placeholder={t(field.placeholder)}
        type="text"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={translateMessage(t, i18n, field.message(errors.email?.message))}
        {...register('email')}
      />
      <TextField
        label={t('com_auth_password')}
        type="password"
        autoComplete="current-password"
        error={translateMessage(t, i18n, errors.password?.message)}
        labelAside={
          <Link
            to="/forgot-password"
            className="text-sm font-medium text-teal-700 hover:underline dark:text-teal-400"
          >
            {t('com_auth_forgot_password')}
          </Link>
        }
        {...register('password')}
      />
      <Button type="submit" disabled={login.isPending} className="mt-1 w-full">
        {t('com_auth_continue')}
      </Button>
    </form>
  );
}
